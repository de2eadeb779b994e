// A node:test reporter for scripts/test.mjs: one JSON line per finished test,
//   {"result": "pass" | "fail" | "skip", "name", "file", "nesting", "error"?}
// so the summary can say which browser test failed, in which file, and why, without parsing the human
// output. Used next to the `spec` reporter, which still prints the run as usual:
//   node --test --test-reporter=spec --test-reporter-destination=stdout \
//               --test-reporter=./scripts/test-reporter.mjs --test-reporter-destination=results.jsonl

/** The first lines of what went wrong: the test's own error, not node's ERR_TEST_FAILURE wrapper. */
function reason(error) {
  if (!error) return '';
  const cause = error.code === 'ERR_TEST_FAILURE' && error.cause ? error.cause : error;
  const text = cause instanceof Error ? cause.message : String(cause);
  return text.split('\n').filter((l) => l.trim() !== '').slice(0, 4).join('\n');
}

export default async function* testReporter(source) {
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, file, nesting, skip, todo, details } = event.data;
    // A parent that failed only because a subtest did: the subtest is reported on its own.
    if (details?.error?.failureType === 'subtestsFailed') continue;
    const result = event.type === 'test:fail' ? 'fail' : skip || todo ? 'skip' : 'pass';
    const line = { result, name, file: file ?? null, nesting };
    if (result === 'fail') line.error = reason(details?.error);
    yield `${JSON.stringify(line)}\n`;
  }
}
