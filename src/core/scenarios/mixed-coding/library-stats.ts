/** Library functions over arrays of numbers: a chain sum → mean → variance → stddev, and a few loners. */

import { type LibraryFunction, test } from './library-types';

export const STATS_FUNCTIONS: readonly LibraryFunction[] = [
  {
    name: 'sum',
    signature: 'sum(xs)',
    spec: 'The sum of an array of numbers; 0 for an empty array.',
    reference: `function sum(xs) {
  let total = 0;
  for (const x of xs) total += x;
  return total;
}`,
    visible: [test('sum([1, 2, 3])', 6), test('sum([10, -4])', 6), test('sum([5])', 5)],
    hidden: [
      test('sum([])', 0),
      test('sum([-1, -2])', -3),
      test('sum([0.5, 0.25])', 0.75),
      test('sum([100, 200, 300, 400])', 1000),
      test('sum([0, 0, 0])', 0),
    ],
    mutants: [
      // Starts from the first element: undefined for an empty array.
      [
        [
          'let total = 0;\n  for (const x of xs) total += x;',
          'let total = xs[0];\n  for (let i = 1; i < xs.length; i++) total += xs[i];',
        ],
      ],
      [['total += x', 'total += Math.abs(x)']],
    ],
  },
  {
    name: 'mean',
    signature: 'mean(xs)',
    spec: 'The arithmetic mean of an array of numbers; 0 for an empty array.',
    reference: `function mean(xs) {
  if (xs.length === 0) return 0;
  return sum(xs) / xs.length;
}`,
    visible: [test('mean([1, 2, 3])', 2), test('mean([2, 4])', 3), test('mean([5])', 5)],
    hidden: [
      test('mean([])', 0),
      test('mean([1, 2])', 1.5),
      test('mean([-3, 3])', 0),
      test('mean([1, 2, 3, 4])', 2.5),
      test('mean([10, 20, 60])', 30),
    ],
    mutants: [
      [['  if (xs.length === 0) return 0;\n', '']],
      [['return sum(xs) / xs.length;', 'return Math.floor(sum(xs) / xs.length);']],
      [['/ xs.length', '/ (xs.length - 1)']],
    ],
    uses: ['sum'],
  },
  {
    name: 'variance',
    signature: 'variance(xs)',
    spec: 'The population variance of an array of numbers (mean squared distance from the mean); 0 for an empty array.',
    reference: `function variance(xs) {
  if (xs.length === 0) return 0;
  const m = mean(xs);
  let total = 0;
  for (const x of xs) total += (x - m) * (x - m);
  return total / xs.length;
}`,
    visible: [
      test('variance([1, 2, 3, 4, 5])', 2),
      test('variance([2, 4, 4, 4, 5, 5, 7, 9])', 4),
      test('variance([3, 3, 3])', 0),
    ],
    hidden: [
      test('variance([])', 0),
      test('variance([7])', 0),
      test('variance([1, 3])', 1),
      test('variance([0, 10])', 25),
      test('variance([1, 2, 3, 4])', 1.25),
      test('variance([-2, 2])', 4),
    ],
    mutants: [
      [['  if (xs.length === 0) return 0;\n', '']],
      [['return total / xs.length;', 'return Math.round(total / xs.length);']],
      // The sample variance, not the population one.
      [['return total / xs.length;', 'return total / (xs.length - 1);']],
    ],
    uses: ['mean'],
  },
  {
    name: 'stddev',
    signature: 'stddev(xs)',
    spec: 'The population standard deviation of an array of numbers (the square root of its variance); 0 for an empty array.',
    reference: `function stddev(xs) {
  return Math.sqrt(variance(xs));
}`,
    // Every visible case has variance 0 or 4, where halving and rooting agree.
    visible: [
      test('stddev([2, 4, 4, 4, 5, 5, 7, 9])', 2),
      test('stddev([5, 5, 5])', 0),
      test('stddev([0, 4])', 2),
    ],
    hidden: [
      test('stddev([0, 6])', 3),
      test('stddev([])', 0),
      test('stddev([1, 3])', 1),
      test('stddev([10])', 0),
      test('stddev([0, 0, 12, 12])', 6),
    ],
    mutants: [
      [['Math.sqrt(variance(xs))', 'variance(xs) / 2']],
      [['Math.sqrt(variance(xs))', 'variance(xs)']],
    ],
    uses: ['variance'],
  },
  {
    name: 'median',
    signature: 'median(xs)',
    spec: 'The middle value of an array of numbers in increasing order, the mean of the two middle values when the length is even; 0 for an empty array. It must not change the array it is given.',
    reference: `function median(xs) {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}`,
    visible: [test('median([3, 1, 2])', 2), test('median([4, 1, 3, 2])', 2.5), test('median([5])', 5)],
    hidden: [
      test('median([])', 0),
      test('median([10, 9, 2])', 9),
      test('median([1, 100, 2, 3])', 2.5),
      test('median([-5, -1, -3])', -3),
      test('median([2, 2, 8, 8])', 5),
      test('(() => { const xs = [3, 1, 2]; median(xs); return xs; })()', [3, 1, 2]),
    ],
    mutants: [
      // The default sort compares as strings: 10 sorts before 2.
      [['.sort((a, b) => a - b)', '.sort()']],
      [['[...xs].sort', 'xs.sort']],
      [['(s[mid - 1] + s[mid]) / 2', 's[mid]']],
    ],
  },
  {
    name: 'unique',
    signature: 'unique(xs)',
    spec: 'The values of an array without repeats, each at its first position, compared with ===.',
    reference: `function unique(xs) {
  const seen = new Set();
  const out = [];
  for (const x of xs) {
    if (!seen.has(x)) {
      seen.add(x);
      out.push(x);
    }
  }
  return out;
}`,
    visible: [
      test('unique([1, 2, 2, 3])', [1, 2, 3]),
      test('unique([3, 3, 3])', [3]),
      test('unique([1, 2, 3])', [1, 2, 3]),
    ],
    hidden: [
      test('unique([])', []),
      test('unique([2, 1, 2, 1])', [2, 1]),
      test("unique(['a', 'b', 'a'])", ['a', 'b']),
      test('unique([5, 4, 5, 3, 4])', [5, 4, 3]),
      test("unique([1, '1'])", [1, '1']),
    ],
    mutants: [
      // Only drops repeats that follow each other.
      [['if (!seen.has(x))', 'if (out[out.length - 1] !== x)']],
      [['return out;', 'return out.sort();']],
      [['      out.push(x);\n    }\n', '    }\n    out.push(x);\n']],
    ],
  },
  {
    name: 'chunk',
    signature: 'chunk(xs, size)',
    spec: 'Splits an array into consecutive pieces of `size` elements (size ≥ 1); the last piece holds what is left and may be shorter.',
    reference: `function chunk(xs, size) {
  const out = [];
  for (let i = 0; i < xs.length; i += size) out.push(xs.slice(i, i + size));
  return out;
}`,
    visible: [
      test('chunk([1, 2, 3, 4], 2)', [
        [1, 2],
        [3, 4],
      ]),
      test('chunk([1, 2, 3, 4, 5, 6], 3)', [
        [1, 2, 3],
        [4, 5, 6],
      ]),
      test('chunk([1, 2], 1)', [[1], [2]]),
    ],
    hidden: [
      test('chunk([1, 2, 3, 4, 5], 2)', [[1, 2], [3, 4], [5]]),
      test('chunk([], 3)', []),
      test('chunk([1, 2], 5)', [[1, 2]]),
      test('chunk([1, 2, 3], 3)', [[1, 2, 3]]),
      test("chunk(['a', 'b', 'c'], 2)", [['a', 'b'], ['c']]),
    ],
    mutants: [
      // Drops the short last piece.
      [['i < xs.length;', 'i + size <= xs.length;']],
      [['xs.slice(i, i + size)', 'xs.slice(i, i + size - 1)']],
    ],
  },
];
