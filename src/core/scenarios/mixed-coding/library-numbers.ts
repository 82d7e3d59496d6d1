/** Library functions over whole numbers: gcd → lcm, isPrime → countPrimes, divisors (+ sum) → isPerfect, and loners. */

import { type LibraryFunction, test } from './library-types';

export const NUMBER_FUNCTIONS: readonly LibraryFunction[] = [
  {
    name: 'gcd',
    signature: 'gcd(a, b)',
    spec: 'The greatest common divisor of two integers, never negative; gcd(0, 0) is 0.',
    reference: `function gcd(a, b) {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}`,
    visible: [test('gcd(12, 18)', 6), test('gcd(7, 5)', 1), test('gcd(100, 10)', 10)],
    hidden: [
      test('gcd(0, 5)', 5),
      test('gcd(5, 0)', 5),
      test('gcd(0, 0)', 0),
      test('gcd(-12, 18)', 6),
      test('gcd(12, -18)', 6),
      test('gcd(270, 192)', 6),
      test('gcd(13, 8)', 1),
    ],
    mutants: [[['  a = Math.abs(a);\n  b = Math.abs(b);\n', '']], [['while (b !== 0)', 'while (b > 1)']]],
  },
  {
    name: 'lcm',
    signature: 'lcm(a, b)',
    spec: 'The least common multiple of two integers, never negative; 0 when either is 0.',
    reference: `function lcm(a, b) {
  if (a === 0 || b === 0) return 0;
  return Math.abs(a * b) / gcd(a, b);
}`,
    visible: [test('lcm(4, 6)', 12), test('lcm(3, 5)', 15), test('lcm(10, 10)', 10)],
    hidden: [
      test('lcm(0, 5)', 0),
      test('lcm(0, 0)', 0),
      test('lcm(-4, 6)', 12),
      test('lcm(21, 6)', 42),
      test('lcm(1, 9)', 9),
    ],
    mutants: [
      [['  if (a === 0 || b === 0) return 0;\n', '']],
      [['Math.abs(a * b)', 'a * b']],
      [['Math.abs(a * b) / gcd(a, b)', 'Math.abs(a * b)']],
    ],
    uses: ['gcd'],
  },
  {
    name: 'isPrime',
    signature: 'isPrime(n)',
    spec: 'Whether n is a prime number: a whole number above 1 with no divisors but 1 and itself.',
    reference: `function isPrime(n) {
  if (!Number.isInteger(n) || n < 2) return false;
  for (let i = 2; i * i <= n; i++) {
    if (n % i === 0) return false;
  }
  return true;
}`,
    visible: [test('isPrime(7)', true), test('isPrime(10)', false), test('isPrime(2)', true)],
    hidden: [
      test('isPrime(1)', false),
      test('isPrime(0)', false),
      test('isPrime(-7)', false),
      test('isPrime(9)', false),
      test('isPrime(25)', false),
      test('isPrime(97)', true),
    ],
    mutants: [[['i * i <= n', 'i * i < n']], [['n < 2', 'n < 1']], [['i * i <= n', 'i <= n']]],
  },
  {
    name: 'countPrimes',
    signature: 'countPrimes(n)',
    spec: 'How many prime numbers are ≤ n (0 when n < 2).',
    reference: `function countPrimes(n) {
  let count = 0;
  for (let i = 2; i <= n; i++) {
    if (isPrime(i)) count++;
  }
  return count;
}`,
    visible: [test('countPrimes(10)', 4), test('countPrimes(20)', 8), test('countPrimes(30)', 10)],
    hidden: [
      test('countPrimes(2)', 1),
      test('countPrimes(1)', 0),
      test('countPrimes(0)', 0),
      test('countPrimes(13)', 6),
      test('countPrimes(100)', 25),
    ],
    mutants: [[['i <= n', 'i < n']], [['let i = 2', 'let i = 3']]],
    uses: ['isPrime'],
  },
  {
    name: 'divisors',
    signature: 'divisors(n)',
    spec: 'The positive divisors of n in increasing order, n included; an empty array when n < 1.',
    reference: `function divisors(n) {
  const out = [];
  for (let d = 1; d <= n; d++) {
    if (n % d === 0) out.push(d);
  }
  return out;
}`,
    visible: [
      test('divisors(6)', [1, 2, 3, 6]),
      test('divisors(12)', [1, 2, 3, 4, 6, 12]),
      test('divisors(10)', [1, 2, 5, 10]),
    ],
    hidden: [
      test('divisors(1)', [1]),
      test('divisors(7)', [1, 7]),
      test('divisors(16)', [1, 2, 4, 8, 16]),
      test('divisors(28)', [1, 2, 4, 7, 14, 28]),
      test('divisors(0)', []),
    ],
    mutants: [
      // Stops at n / 2 and appends n: right for n ≥ 1, wrong for 0.
      [
        ['d <= n;', 'd <= n / 2;'],
        ['  return out;', '  out.push(n);\n  return out;'],
      ],
      [['let d = 1', 'let d = 2']],
    ],
  },
  {
    name: 'isPerfect',
    signature: 'isPerfect(n)',
    spec: 'Whether n is a perfect number: the sum of its divisors below n equals n. False when n < 2.',
    reference: `function isPerfect(n) {
  if (n < 2) return false;
  return sum(divisors(n)) - n === n;
}`,
    visible: [test('isPerfect(6)', true), test('isPerfect(28)', true), test('isPerfect(12)', false)],
    hidden: [
      test('isPerfect(1)', false),
      test('isPerfect(0)', false),
      test('isPerfect(496)', true),
      test('isPerfect(8)', false),
      test('isPerfect(27)', false),
    ],
    mutants: [
      [['  if (n < 2) return false;\n', '']],
      [['sum(divisors(n)) - n === n', 'sum(divisors(n)) === n']],
    ],
    uses: ['divisors', 'sum'],
  },
  {
    name: 'factorial',
    signature: 'factorial(n)',
    spec: 'n! for a whole number n ≥ 0 (the product 1 · 2 · … · n); factorial(0) is 1.',
    reference: `function factorial(n) {
  let out = 1;
  for (let i = 2; i <= n; i++) out *= i;
  return out;
}`,
    visible: [test('factorial(3)', 6), test('factorial(5)', 120), test('factorial(4)', 24)],
    hidden: [
      test('factorial(0)', 1),
      test('factorial(1)', 1),
      test('factorial(10)', 3628800),
      test('factorial(2)', 2),
      test('factorial(12)', 479001600),
    ],
    mutants: [[['  let out = 1;\n', '  if (n === 0) return 0;\n  let out = 1;\n']], [['i <= n', 'i < n']]],
  },
  {
    name: 'fibonacci',
    signature: 'fibonacci(n)',
    spec: 'The n-th Fibonacci number for a whole number n ≥ 0: fibonacci(0) is 0, fibonacci(1) is 1, and each next one is the sum of the two before.',
    reference: `function fibonacci(n) {
  let a = 0;
  let b = 1;
  for (let i = 0; i < n; i++) {
    const next = a + b;
    a = b;
    b = next;
  }
  return a;
}`,
    visible: [test('fibonacci(5)', 5), test('fibonacci(10)', 55), test('fibonacci(7)', 13)],
    hidden: [
      test('fibonacci(0)', 0),
      test('fibonacci(1)', 1),
      test('fibonacci(2)', 1),
      test('fibonacci(20)', 6765),
      test('fibonacci(30)', 832040),
    ],
    mutants: [
      // One step short, returning the later number: right from 1 on, wrong at 0.
      [
        ['i < n;', 'i < n - 1;'],
        ['return a;', 'return b;'],
      ],
      [['i < n;', 'i <= n;']],
    ],
  },
  {
    name: 'digitSum',
    signature: 'digitSum(n)',
    spec: 'The sum of the decimal digits of an integer, ignoring its sign.',
    reference: `function digitSum(n) {
  let m = Math.abs(n);
  let total = 0;
  while (m > 0) {
    total += m % 10;
    m = Math.floor(m / 10);
  }
  return total;
}`,
    visible: [test('digitSum(123)', 6), test('digitSum(9999)', 36), test('digitSum(505)', 10)],
    hidden: [
      test('digitSum(0)', 0),
      test('digitSum(-123)', 6),
      test('digitSum(7)', 7),
      test('digitSum(1000)', 1),
      test('digitSum(-9)', 9),
    ],
    mutants: [[['Math.abs(n)', 'n']], [['Math.floor(m / 10)', 'm / 10']]],
  },
  {
    name: 'clamp',
    signature: 'clamp(x, lo, hi)',
    spec: 'x limited to the range [lo, hi] (lo ≤ hi): lo when x is below it, hi when above, x otherwise.',
    reference: `function clamp(x, lo, hi) {
  if (x < lo) return lo;
  if (x > hi) return hi;
  return x;
}`,
    visible: [test('clamp(5, 0, 10)', 5), test('clamp(-3, 0, 10)', 0), test('clamp(15, 0, 10)', 10)],
    hidden: [
      test('clamp(0, 0, 10)', 0),
      test('clamp(10, 0, 10)', 10),
      test('clamp(-5, -10, -1)', -5),
      test('clamp(-20, -10, -1)', -10),
      test('clamp(3, 3, 3)', 3),
      test('clamp(2.5, 0, 1)', 1),
    ],
    mutants: [[['return lo;', 'return 0;']], [['return hi;', 'return x;']]],
  },
];
