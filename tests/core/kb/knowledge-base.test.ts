import { describe, expect, it } from 'vitest';
import { hashingEmbedder } from '../../../src/core/embeddings/hashing';
import type { Embedder } from '../../../src/core/embeddings/types';
import { KbError, KnowledgeBase } from '../../../src/core/kb';

const docs = [
  {
    source: 'notes/tides.md',
    text: 'The tides are caused by the gravity of the Moon pulling on the oceans.\n\nSpring tides come at full moon.',
  },
  {
    source: 'notes/bread.txt',
    text: 'Sourdough rises because wild yeast ferments the dough. Feed the starter daily.',
  },
  { source: 'notes/rocks.txt', text: 'Basalt is a volcanic rock. Granite forms slowly underground.' },
];

async function filled() {
  const kb = KnowledgeBase.create(hashingEmbedder(), { chunkSize: 64, overlap: 8 });
  const ids = await kb.addDocuments(docs);
  return { kb, ids };
}

describe('KnowledgeBase', () => {
  it('finds the passage from the right file, best first, with its source and number', async () => {
    const { kb } = await filled();
    const [top] = await kb.search('why does sourdough bread rise', 3);
    expect(top).toMatchObject({ source: 'notes/bread.txt', chunk: 0 });
    expect(top?.text).toContain('wild yeast');
    expect((await kb.search('moon gravity oceans', 1))[0]?.source).toBe('notes/tides.md');
  });

  it('counts documents, passages and tokens, and deletes by id', async () => {
    const { kb, ids } = await filled();
    expect(kb.stats()).toMatchObject({ documents: 3, embedder: 'hashing-384', dim: 384 });
    kb.delete([ids[1] as string]);
    expect(kb.documents().map((d) => d.source)).toEqual(['notes/tides.md', 'notes/rocks.txt']);
    expect((await kb.search('sourdough yeast', 3)).map((r) => r.source)).not.toContain('notes/bread.txt');
    expect((await kb.search('basalt volcanic', 1))[0]?.source).toBe('notes/rocks.txt');
  });

  it('replaces a document added again under the same source', async () => {
    const { kb } = await filled();
    await kb.addDocuments([{ source: 'notes/bread.txt', text: 'Rye bread is dense and dark.' }]);
    expect(kb.documents().filter((d) => d.source === 'notes/bread.txt')).toHaveLength(1);
    expect(kb.chunkText('notes/bread.txt', 0)).toBe('Rye bread is dense and dark.');
  });

  it('stores nothing when an ingest fails part-way (an embedder that throws)', async () => {
    const { kb } = await filled();
    const before = JSON.stringify(kb.toSnapshot());
    let calls = 0;
    const flaky: Embedder = {
      name: 'hashing-384',
      dim: 384,
      embed: async (texts) => {
        if (++calls > 1) throw new Error('GPU lost');
        return hashingEmbedder().embed(texts);
      },
    };
    const copy = KnowledgeBase.fromSnapshot(kb.toSnapshot(), flaky);
    const many = Array.from({ length: 300 }, (_, i) => ({ source: `f${i}.txt`, text: `File ${i} text.` }));
    await expect(copy.addDocuments(many)).rejects.toThrow('GPU lost');
    expect(JSON.stringify(copy.toSnapshot())).toBe(before);
    await expect(copy.addDocuments([{ source: 'empty.txt', text: '  ' }])).rejects.toThrow(
      /empty\.txt: no text/,
    );
  });

  it('round-trips through a snapshot, and refuses another version or another embedder', async () => {
    const { kb } = await filled();
    const back = KnowledgeBase.fromSnapshot(JSON.parse(JSON.stringify(kb.toSnapshot())), hashingEmbedder());
    expect(await back.search('granite underground', 2)).toEqual(await kb.search('granite underground', 2));
    expect(() =>
      KnowledgeBase.fromSnapshot({ ...kb.toSnapshot(), version: 2 }, hashingEmbedder(), 'kb.json'),
    ).toThrow(/kb\.json is version 2 of the knowledge base format; this SwarmFlight reads version 1/);
    expect(() => KnowledgeBase.fromSnapshot(kb.toSnapshot(), hashingEmbedder({ dim: 128 }))).toThrow(KbError);
  });

  it('says the knowledge base is empty rather than returning nothing', async () => {
    await expect(KnowledgeBase.create(hashingEmbedder()).search('anything')).rejects.toThrow(/empty/);
  });
});
