import { createSignal, Show } from 'solid-js';
import { t } from '../i18n/t';
import { services } from '../services';
import { standaloneSvg } from './picture';

/**
 * "SVG" and "PNG" buttons that save a drawing on the page as a file. Test hooks:
 * `download-<name>-svg`, `download-<name>-png`.
 */
export function PictureDownload(props: {
  svg: () => SVGSVGElement | undefined;
  /** The zoomed group inside, if any: the file has the whole drawing. */
  content?: () => SVGGraphicsElement | undefined;
  /** For file names and test ids: `dag`, `timeline`. */
  name: string;
  /** In words, for the buttons' accessible names: "the run graph". */
  label: string;
  title?: string;
}) {
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal<string>();
  const picture = () => {
    const svg = props.svg();
    if (!svg) throw new Error('there is no drawing yet');
    const content = props.content?.();
    return standaloneSvg(svg, {
      ...(content ? { content } : {}),
      ...(props.title ? { title: props.title } : {}),
    });
  };
  const save = async (kind: 'svg' | 'png') => {
    setError(undefined);
    setBusy(true);
    try {
      // Through the page's one download path: the SVG is redacted, and a PNG drawn from it after.
      await services.downloadPicture(picture(), kind, `swarmflight-${props.name}.${kind}`);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        class="secondary"
        data-testid={`download-${props.name}-svg`}
        aria-label={t('download.svg', { what: props.label })}
        disabled={busy()}
        onClick={() => void save('svg')}
      >
        SVG
      </button>
      <button
        type="button"
        class="secondary"
        data-testid={`download-${props.name}-png`}
        aria-label={t('download.png', { what: props.label })}
        disabled={busy()}
        onClick={() => void save('png')}
      >
        PNG
      </button>
      <Show when={error()}>
        <span class="error" role="alert">
          {t('download.failed', { error: error() ?? '' })}
        </span>
      </Show>
    </>
  );
}
