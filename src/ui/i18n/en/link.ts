/**
 * The link's problems (url-state.ts, request-state.ts, app-state.ts): a setting ignored and why.
 * A setting's key and a value from the link go in as they are (quoted); the unknown-language
 * problem is said in English whatever the page speaks (url-state.ts `lang`).
 */
export const linkEn = {
  'link.repeated': 'Setting {key} appears more than once in the link: the first was used.',
  'link.unknown': 'Unknown setting {key} in the link was ignored.',
  'link.ignored': 'Setting {key} in the link was ignored: {error}.',
  'link.badRequest': 'The run request in the link was ignored: {reason}.',
  'link.noScenario': 'There is no scenario "{scenario}"; showing {fallback} instead.',
  'link.sizeOutOfRange':
    'Size {size} is out of range for {scenario} ({min}–{max}); using its default, {fallback}.',
  'link.fixedSize': '{scenario} has a fixed size; the size {size} in the link was ignored.',
  'link.notOneOf': '{value} is not one of {options}',
  'link.notWhole': '{value} is not a whole number',
  'link.outOfRange': '{value} is out of range ({min}–{max})',
  'link.notModel': '{value} is not a model name',
  'link.notJson': 'it is not JSON',
  'link.notScenario': '{value} is not a scenario id',
  'link.notUrl': '{value} is not an http(s) URL',
  'link.notField': '{value} is not a provider field of at most {max, number} characters',
  'link.notOneOrZero': '{value} is not 1 or 0',
  'link.atMostRuns': 'at most {n, plural, one {# run} other {# runs}}',
  'link.notRunId': '{value} is not a run id',
  'link.notPolicies': '{value} is not a list of policies',
  'link.atMostPolicies': 'at most {n, plural, one {# policy} other {# policies}}, each once',
  'link.notFault': '{value} is not a fault ({faults})',
  'link.longQuestion': 'a question of at most {max, number} characters',
  'link.longRequest': 'a request of at most {max, number} characters',
  'link.notRole': '{value} is not a role name (letters, digits, spaces, - and _)',
  'link.bigTeam': 'a team of at most {n, plural, one {# role} other {# roles}}',
};
