/**
 * The transcendental functions the core computes with, in JavaScript arithmetic alone, so that a
 * seed gives the same numbers in every engine. `Math.exp`, `Math.log`, `Math.log2`, `Math.log10`,
 * `Math.cos`, `Math.sin` and `Math.pow` (`**`) are only specified to be approximations: Node 20's
 * V8 and Chromium 156's disagree in the last bits on many arguments (measured over 200,000 each),
 * and a training of 100,000 episodes amplifies that until the page and the CLI learn different
 * policies from one seed. These are stdlib's ports of FreeBSD's msun (fdlibm): additions,
 * multiplications and bit reads of doubles only, which IEEE 754 fixes exactly. `Math.sqrt` is
 * exact by the standard and stays, as does `**` where it is exact (powers of two, integer powers
 * of 10). tests/core/util/math.test.ts and tests/browser/engine-determinism.test.ts check the same
 * bits in Node and in Chromium, and the first keeps `Math.exp` and the like out of src/core.
 */
import cos from '@stdlib/math-base-special-cos';
import exp from '@stdlib/math-base-special-exp';
import log from '@stdlib/math-base-special-ln';
import log2 from '@stdlib/math-base-special-log2';
import log10 from '@stdlib/math-base-special-log10';
import pow from '@stdlib/math-base-special-pow';
import sin from '@stdlib/math-base-special-sin';

export { cos, exp, log, log2, log10, pow, sin };
