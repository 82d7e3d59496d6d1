/**
 * The files of a dataset: `<base>.jsonl` (train), `<base>.validation.jsonl` and `<base>.md` (the
 * card, card.ts). The CLI writes them; the page downloads them.
 */
import type { DatasetBuild } from './build';
import { renderCard } from './card';
import { toJsonl } from './rows';

export interface DatasetFile {
  readonly name: string;
  readonly text: string;
}

/** The three files of a build; `base` may hold a directory, the card names the data files by their base names. */
export function datasetFiles(
  build: DatasetBuild,
  base: string,
): { train: DatasetFile; validation: DatasetFile; card: DatasetFile } {
  const train = `${base}.jsonl`;
  const validation = `${base}.validation.jsonl`;
  const leaf = (path: string) => path.split(/[\\/]/).pop() as string;
  return {
    train: { name: train, text: toJsonl(build.train) },
    validation: { name: validation, text: toJsonl(build.validation) },
    card: {
      name: `${base}.md`,
      text: renderCard(build, { train: leaf(train), validation: leaf(validation) }),
    },
  };
}
