/**
 * A scenario's title as a select's option: a native select shows its chosen option in its own
 * box and cuts what does not fit, mid-word (the sidebar's select is about 226 px at 1366, under 30
 * columns of its font). So a long title is shortened where a word ends, marked "…", and the
 * select's `title` shows the whole of it on hover. tests/e2e/select-options.test.ts measures it.
 */
import { shortenLabel } from '../shorten-label';

/** Columns a sidebar select shows of an option (shorten-label.ts counts a wide character as two). */
export const OPTION_COLUMNS = 26;

export const optionTitle = (title: string): string => shortenLabel(title, OPTION_COLUMNS);
