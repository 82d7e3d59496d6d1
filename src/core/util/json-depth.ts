/**
 * How deep JSON may nest, checked on the text before anything parses, validates, stores or walks
 * it. JSON.parse takes 200,000 levels, but what comes after it recurses: the validators and
 * JSON.stringify in the CLI overflowed the stack with a RangeError and a stack trace, and in the
 * page IndexedDB's structured clone failed at 5,000 levels with "Maximum call stack size
 * exceeded". One scan, used by the CLI's input files and the page's trace import alike.
 */

/** Deeper than any file SwarmFlight writes or reads (a trace event nests about 5). */
export const MAX_JSON_DEPTH = 100;

/**
 * The 1-based line where JSON first nests arrays and objects past MAX_JSON_DEPTH, or undefined.
 * Brackets inside strings are text. With `jsonLines`, each line is a JSON text of its own (JSON
 * lines, a trace), so a broken line cannot pass its open brackets on to the next one.
 */
export function tooDeep(text: string, jsonLines = false): number | undefined {
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      line++;
      // No JSON string holds a raw line break: a string left open here is a broken line, and
      // reading on as a string would hide the brackets of the lines after it.
      inString = false;
      if (jsonLines) depth = 0;
    } else if (inString) {
      // A backslash escapes the next character (a line break is never escaped: counted above).
      if (c === 92) {
        if (text.charCodeAt(i + 1) !== 10) i++;
      } else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > MAX_JSON_DEPTH) return line;
    } else if ((c === 93 || c === 125) && depth > 0) {
      // Never below 0: a stray closer must not buy depth for the brackets after it.
      depth--;
    }
  }
  return undefined;
}

/** The words after the thing refused ("the trace", "the graph file"), as the CLI and page say them. */
export const nestsTooDeep = (line: number): string =>
  `nests arrays and objects more than ${MAX_JSON_DEPTH} deep (line ${line}); no file of SwarmFlight's nests past ${MAX_JSON_DEPTH}`;
