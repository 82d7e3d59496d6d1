/**
 * Why a stored run's settings cannot go in the form, or which of them cannot
 * (run/settings-of-run.ts); a setting's key and a value from the trace go in as they are.
 */
export const storedSettingsEn = {
  'storedSettings.orchestration':
    'it comes from the orchestration environment (the Train view trains in it), not from a gallery scenario',
  'storedSettings.otherScenario': "its scenario {scenario} is not one of this page's",
  'storedSettings.size': 'size {size} (this page takes {min}–{max})',
  'storedSettings.endpoint': 'the {provider} model and endpoint (not in a trace: set them below)',
  'storedSettings.providerFields': "the {provider} provider's own settings (not in a trace: set them below)",
};
