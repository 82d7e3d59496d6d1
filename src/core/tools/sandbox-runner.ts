/**
 * The part of the `run_js` sandbox that runs *inside* the separate JavaScript engine (QuickJS in
 * WebAssembly, src/adapters/common/engine-run.ts), as source text: it is evaluated first in each fresh
 * context, before the model's code, and its completion value is one function,
 *
 *   outcome(call) → 'v' + JSON text | 'u' | 'e' + error in words
 *   outcome.describeLoad(thrown) → what the code threw while it loaded, in words
 *
 * which the host calls once per test call, after the code. It evaluates the call (an expression,
 * e.g. `add(2, 3)`) as a script of its own in the global scope, so the code's `const`, `let` and
 * functions are in reach, and turns the value into JSON text here, in the engine, under the
 * engine's own time and memory limits: a getter that loops, a `toJSON` that allocates without end
 * or a value nested without end is the engine's problem, never the host's. The text is cut short
 * at MAX_RESULT_JSON characters (the host refuses anything longer anyway) and at MAX_RESULT_DEPTH
 * levels, so a returned 64 M-element typed array fails its test in milliseconds instead of being
 * serialised.
 *
 * Nothing here is trusted by the host: the code runs in this realm after it and may tamper with it,
 * which can only change the text its own run reports — and it never sees the expected values,
 * which stay in the host. Intrinsics are taken before the code runs only so that ordinary code
 * that shadows a global (a function called `String`) does not break its own grading.
 */
import { MAX_RESULT_DEPTH, MAX_RESULT_JSON, MAX_TEXT } from './sandbox';

export const sandboxRunnerSource = String.raw`(function () {
  'use strict';
  var globalEval = eval;
  var toText = String;
  var quote = JSON.stringify;
  var keysOf = Object.keys;
  var isArray = Array.isArray;
  var isView = ArrayBuffer.isView;
  var finite = Number.isFinite;
  var PromiseType = Promise;
  var maxText = ${MAX_TEXT};
  var maxJson = ${MAX_RESULT_JSON};
  var maxDepth = ${MAX_RESULT_DEPTH};
  function cut(text) {
    return text.length > maxText ? text.slice(0, maxText) + '… (' + (text.length - maxText) + ' more characters)' : text;
  }
  function describe(thrown, withName) {
    try {
      if (thrown !== null && (typeof thrown === 'object' || typeof thrown === 'function')) {
        var message = thrown.message;
        if (message !== undefined && message !== null && message !== '') {
          if (!withName) return cut(toText(message));
          var name = thrown.name;
          return cut(toText(name === undefined || name === null ? 'Error' : name) + ': ' + toText(message));
        }
      }
      return cut((withName ? 'Error: ' : '') + toText(thrown));
    } catch (unprintable) {
      return (withName ? 'Error: ' : '') + '(a thrown value that cannot be printed)';
    }
  }
  // Why a value has no JSON text, thrown as a string and caught by outcome().
  function NoJson(why) { this.why = why; }
  // JSON.stringify's rules for plain data (toJSON, holes and functions in arrays as null, such
  // properties of objects left out), written out so that the text can stop growing at maxJson
  // and the nesting at maxDepth: the engine's own JSON.stringify builds the whole text first.
  function write(value, out, depth, seen) {
    if (value !== null && (typeof value === 'object' || typeof value === 'bigint') && typeof value.toJSON === 'function')
      value = value.toJSON();
    switch (typeof value) {
      case 'string': return add(out, quote(value));
      case 'number': return add(out, finite(value) ? toText(value) : 'null');
      case 'boolean': return add(out, value ? 'true' : 'false');
      case 'bigint': throw new NoJson('a BigInt has no JSON form');
      case 'undefined': case 'function': case 'symbol': return false;
    }
    if (value === null) return add(out, 'null');
    if (depth >= maxDepth) throw new NoJson('it is nested more than ' + maxDepth + ' deep');
    for (var s = 0; s < seen.length; s++)
      if (seen[s] === value) throw new NoJson('it refers to itself (a cycle)');
    seen[seen.length] = value;
    if (isView(value) && typeof value.length === 'number') {
      // A typed array is written as JSON.stringify writes it ({"0":…}), one element at a time,
      // so a 64 M-element one stops at maxJson instead of listing its keys first.
      add(out, '{');
      for (var t = 0; t < value.length; t++) {
        add(out, (t > 0 ? ',"' : '"') + t + '":');
        write(value[t], out, depth + 1, seen);
      }
      add(out, '}');
    } else if (isArray(value)) {
      add(out, '[');
      for (var i = 0; i < value.length; i++) {
        if (i > 0) add(out, ',');
        if (!write(value[i], out, depth + 1, seen)) add(out, 'null');
      }
      add(out, ']');
    } else {
      add(out, '{');
      var keys = keysOf(value);
      var first = true;
      for (var k = 0; k < keys.length; k++) {
        var mark = out.text.length;
        add(out, (first ? '' : ',') + quote(keys[k]) + ':');
        if (write(value[keys[k]], out, depth + 1, seen)) first = false;
        else out.text = out.text.slice(0, mark);
      }
      add(out, '}');
    }
    seen.length = seen.length - 1;
    return true;
  }
  function add(out, piece) {
    out.text += piece;
    if (out.text.length > maxJson) throw new NoJson('its JSON text is longer than ' + maxJson + ' characters');
    return true;
  }
  var outcome = function (call) {
    var value;
    try {
      value = globalEval('(' + call + '\n)');
    } catch (error) {
      return 'e' + describe(error, false);
    }
    if (typeof value === 'function' || typeof value === 'symbol')
      return 'e' + 'returned a ' + typeof value + ', which cannot leave the sandbox';
    if (value instanceof PromiseType)
      return 'e' + 'returned a Promise: the tests call each function and read its value at once, without await';
    var out = { text: '' };
    try {
      return write(value, out, 0, []) ? 'v' + out.text : 'u';
    } catch (error) {
      if (error instanceof NoJson) return 'e' + 'returned a value with no JSON form (' + error.why + ')';
      return 'e' + 'returned a value that could not be read (' + describe(error, true) + ')';
    }
  };
  // What the code threw while it loaded, described the same way, by name and message.
  outcome.describeLoad = function (thrown) {
    return describe(thrown, true);
  };
  return outcome;
})()`;
