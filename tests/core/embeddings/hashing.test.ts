import { describe, expect, it } from 'vitest';
import { hashingEmbedder, hashingVector, words } from '../../../src/core/embeddings/hashing';
import { cosine, topK } from '../../../src/core/embeddings/types';

const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const sim = (a: string, b: string) => cosine(hashingVector(a, 384), hashingVector(b, 384));

describe('hashingEmbedder', () => {
  it('is named by its dimension and rejects a dimension that is not a positive whole number', () => {
    expect(hashingEmbedder()).toMatchObject({ name: 'hashing-384', dim: 384 });
    expect(hashingEmbedder({ dim: 64 }).name).toBe('hashing-64');
    expect(() => hashingEmbedder({ dim: 0 })).toThrow(/dim/);
    expect(() => hashingEmbedder({ dim: 12.5 })).toThrow(/dim/);
  });

  it('gives the same vectors for the same texts, from two embedders', async () => {
    const texts = ['Who founded Vortex Lines?', 'Fill in a table for each of: Ann Co; Bob Co'];
    const [a, b] = await Promise.all([hashingEmbedder().embed(texts), hashingEmbedder().embed(texts)]);
    expect(a).toEqual(b);
    expect(a).toHaveLength(2);
    // A pinned value: the vector must not drift with a refactor (stored indexes depend on it).
    expect(Array.from(hashingVector('Helsinki', 8), (x) => x.toFixed(4))).toMatchInlineSnapshot(`
      [
        "0.0000",
        "-0.2236",
        "-0.2236",
        "-0.2236",
        "0.0000",
        "0.0000",
        "-0.2236",
        "0.8944",
      ]
    `);
  });

  it('returns unit vectors of length dim', async () => {
    const [v] = await hashingEmbedder({ dim: 128 }).embed(['The trip to Helsinki in winter, twice: winter!']);
    expect(v).toHaveLength(128);
    expect(norm(v as Float32Array)).toBeCloseTo(1, 6);
  });

  it('embeds a text with no letters or digits as the zero vector, never NaN', async () => {
    const [empty, punctuation] = await hashingEmbedder().embed(['', ' ?!… ']);
    for (const v of [empty, punctuation] as Float32Array[]) {
      expect(v.every((x) => x === 0)).toBe(true);
    }
    expect(cosine(empty as Float32Array, hashingVector('Helsinki', 384))).toBe(0);
  });

  it('scores a paraphrase with shared words above an unrelated sentence', () => {
    const q = 'What is the capital of Finland?';
    const paraphrase = sim(q, 'Which city is the capital of Finland?');
    const unrelated = sim(q, 'Write a Python function that sorts a list');
    expect(paraphrase).toBeGreaterThan(0.5);
    expect(paraphrase).toBeGreaterThan(unrelated + 0.4);
  });

  it('keeps a typo close: the trigrams of "Helsinky" are mostly those of "Helsinki"', () => {
    expect(sim('Helsinki', 'Helsinky')).toBeGreaterThan(0.4);
    expect(sim('Helsinki', 'Helsinky')).toBeGreaterThan(sim('Helsinki', 'Stockholm') + 0.3);
    expect(sim('The trip to Helsinki in winter', 'The trip to Helsinky in winter')).toBeGreaterThan(0.7);
  });

  it('normalises case, diacritics and punctuation before hashing', () => {
    expect(words('Café-Zürich, ÅNGSTRÖM 42!')).toEqual(['cafe', 'zurich', 'angstrom', '42']);
    expect(sim('Café Zürich', 'cafe zurich')).toBeCloseTo(1, 6);
  });

  it('counts a repeated word sublinearly: five times is not five times the weight', () => {
    // With raw tf the repeated word would dominate and "beta" would nearly vanish.
    const v = hashingVector('alpha alpha alpha alpha alpha beta', 4096);
    expect(cosine(v, hashingVector('beta', 4096))).toBeGreaterThan(0.25);
  });

  it('signs each feature, so texts with no feature in common are uncorrelated on average', () => {
    // Two alphabets with no letter in common share no word, bigram or trigram: any similarity is
    // bucket collisions. Unsigned hashing adds them up (mean ≈ 0.2 at dim 64); signed, they cancel.
    const spell = (n: number, alphabet: string) => {
      let s = '';
      for (let m = n; m > 0; m = Math.floor(m / 13)) s += alphabet[m % 13];
      return s;
    };
    const text = (i: number, alphabet: string) =>
      [0, 1, 2].map((j) => spell(i * 31 + j * 977 + 12345, alphabet)).join(' ');
    const n = 200;
    let sum = 0;
    for (let i = 0; i < n; i++) {
      sum += cosine(hashingVector(text(i, 'abcdefghijklm'), 64), hashingVector(text(i, 'nopqrstuvwxyz'), 64));
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.05);
  });

  it('rejects at once when the signal has already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(hashingEmbedder().embed(['x'], controller.signal)).rejects.toThrow('stop');
  });
});

describe('topK', () => {
  const v = (...xs: number[]) => Float32Array.from(xs);

  it('orders by similarity, best first, and breaks ties by index', () => {
    const vectors = [v(0, 1), v(1, 0), v(1, 1), v(1, 0), v(-1, 0)];
    const hits = topK(v(1, 0), vectors, 3);
    expect(hits.map((h) => h.index)).toEqual([1, 3, 2]);
    expect(hits[0]?.score).toBeCloseTo(1, 6);
    expect(hits[2]?.score).toBeCloseTo(Math.SQRT1_2, 6);
  });

  it('returns everything when k exceeds the count, and nothing for k ≤ 0', () => {
    const vectors = [v(0, 1), v(1, 0)];
    expect(topK(v(1, 0), vectors, 10).map((h) => h.index)).toEqual([1, 0]);
    expect(topK(v(1, 0), vectors, 0)).toEqual([]);
    expect(topK(v(1, 0), [], 3)).toEqual([]);
  });

  it('finds the nearest text among hashed sentences', () => {
    const docs = [
      'Helsinki is the capital of Finland',
      'Python sorts lists with sorted()',
      'Stockholm in winter',
    ];
    const hits = topK(
      hashingVector('capital of Finland, Helsinky', 384),
      docs.map((d) => hashingVector(d, 384)),
      1,
    );
    expect(hits[0]?.index).toBe(0);
  });
});

describe('cosine', () => {
  it('is 0 against a zero vector and throws on a length mismatch', () => {
    expect(cosine(new Float32Array(3), Float32Array.from([1, 2, 3]))).toBe(0);
    expect(() => cosine(new Float32Array(2), new Float32Array(3))).toThrow(/length/);
  });
});
