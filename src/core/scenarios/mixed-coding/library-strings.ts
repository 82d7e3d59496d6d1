/** Library functions over strings: reverse → isPalindrome, and loners. */

import { type LibraryFunction, test } from './library-types';

export const STRING_FUNCTIONS: readonly LibraryFunction[] = [
  {
    name: 'reverse',
    signature: 'reverse(s)',
    spec: 'The characters of a string in reverse order.',
    reference: `function reverse(s) {
  let out = '';
  for (let i = s.length - 1; i >= 0; i--) out += s[i];
  return out;
}`,
    visible: [
      test("reverse('abc')", 'cba'),
      test("reverse('hello')", 'olleh'),
      test("reverse('abcd')", 'dcba'),
    ],
    hidden: [
      test("reverse('')", ''),
      test("reverse('a')", 'a'),
      test("reverse('ab')", 'ba'),
      test("reverse('a b')", 'b a'),
      test("reverse('12345')", '54321'),
    ],
    mutants: [
      // Believes short strings need no reversing.
      [["  let out = '';\n", "  if (s.length < 3) return s;\n  let out = '';\n"]],
      [['i >= 0', 'i > 0']],
    ],
  },
  {
    name: 'isPalindrome',
    signature: 'isPalindrome(s)',
    spec: 'Whether a string reads the same backwards, ignoring case and every character that is not a letter a–z or a digit.',
    reference: `function isPalindrome(s) {
  const clean = s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return clean === reverse(clean);
}`,
    visible: [
      test("isPalindrome('racecar')", true),
      test("isPalindrome('hello')", false),
      test("isPalindrome('Level')", true),
    ],
    hidden: [
      test("isPalindrome('A man, a plan, a canal: Panama')", true),
      test("isPalindrome('')", true),
      test("isPalindrome('ab')", false),
      test("isPalindrome('No lemon, no melon')", true),
      test("isPalindrome('12321')", true),
    ],
    mutants: [[[".replace(/[^a-z0-9]/g, '')", '']], [['s.toLowerCase()', 's']]],
    uses: ['reverse'],
  },
  {
    name: 'countVowels',
    signature: 'countVowels(s)',
    spec: 'How many of the letters a, e, i, o, u (either case) a string holds.',
    reference: `function countVowels(s) {
  let count = 0;
  for (const ch of s.toLowerCase()) {
    if ('aeiou'.includes(ch)) count++;
  }
  return count;
}`,
    visible: [
      test("countVowels('hello')", 2),
      test("countVowels('sky')", 0),
      test("countVowels('banana')", 3),
    ],
    hidden: [
      test("countVowels('')", 0),
      test("countVowels('AEIOU')", 5),
      test("countVowels('Programming')", 3),
      test("countVowels('rhythm')", 0),
      test("countVowels('Queue')", 4),
    ],
    mutants: [[['s.toLowerCase()', 's']], [["'aeiou'", "'aeiouy'"]]],
  },
  {
    name: 'titleCase',
    signature: 'titleCase(s)',
    spec: 'Each word of a string (words are separated by single spaces; keep every space) with its first letter upper-case and the rest lower-case.',
    reference: `function titleCase(s) {
  return s
    .split(' ')
    .map((w) => (w.length === 0 ? w : w[0].toUpperCase() + w.slice(1).toLowerCase()))
    .join(' ');
}`,
    visible: [
      test("titleCase('hello world')", 'Hello World'),
      test("titleCase('the quick fox')", 'The Quick Fox'),
      test("titleCase('a')", 'A'),
    ],
    hidden: [
      test("titleCase('')", ''),
      test("titleCase('hELLO wORLD')", 'Hello World'),
      test("titleCase('two  spaces')", 'Two  Spaces'),
      test("titleCase('ALL CAPS')", 'All Caps'),
      test("titleCase('x y z')", 'X Y Z'),
    ],
    mutants: [
      [['w.slice(1).toLowerCase()', 'w.slice(1)']],
      // Forgets the empty words between two spaces.
      [['w.length === 0 ? w : ', '']],
      [['w.slice(1)', 'w.slice(2)']],
    ],
  },
  {
    name: 'countWords',
    signature: 'countWords(s)',
    spec: 'How many words a string holds, words being separated by any run of whitespace; 0 for a blank string.',
    reference: `function countWords(s) {
  const words = s.trim().split(/\\s+/);
  return words[0] === '' ? 0 : words.length;
}`,
    visible: [
      test("countWords('hello world')", 2),
      test("countWords('one two three')", 3),
      test("countWords('  two   words ')", 2),
    ],
    hidden: [
      test("countWords('')", 0),
      test("countWords('   ')", 0),
      test("countWords('  leading and trailing  ')", 3),
      test("countWords('a  b')", 2),
      test("countWords('tab\\tseparated words')", 3),
    ],
    mutants: [
      [["words[0] === '' ? 0 : words.length", 'words.length']],
      [['s.trim().split', 's.split']],
      [['split(/\\s+/)', "split(' ')"]],
    ],
  },
  {
    name: 'isAnagram',
    signature: 'isAnagram(a, b)',
    spec: 'Whether two strings use the same letters the same number of times, ignoring case and spaces.',
    reference: `function isAnagram(a, b) {
  const norm = (s) => s.toLowerCase().split(' ').join('').split('').sort().join('');
  return norm(a) === norm(b);
}`,
    visible: [
      test("isAnagram('listen', 'silent')", true),
      test("isAnagram('hello', 'world')", false),
      test("isAnagram('evil', 'vile')", true),
    ],
    hidden: [
      test("isAnagram('Dormitory', 'dirty room')", true),
      test("isAnagram('', '')", true),
      test("isAnagram('aab', 'abb')", false),
      test("isAnagram('Listen', 'Silent')", true),
      test("isAnagram('abc', 'abcd')", false),
    ],
    mutants: [[['s.toLowerCase()', 's']], [[".split(' ').join('')", '']], [['.sort()', '']]],
  },
];
