// The rules of the bundle's third-party stylesheets that nothing on the site can match, removed
// by PurgeCSS (_ext/unused_css.py runs this at the end of the build).
// Input: a JSON file (argv[2]) with {content: [file paths], css: [{name, raw}]}.
// Output (stdout): a JSON list of the stylesheets' new texts, in the same order.
// PurgeCSS's default extractor takes every word-like token of each file (the pages' HTML and the
// JSON and scripts that write markup), so a class named only inside a script string is kept.
import { PurgeCSS } from 'purgecss';
import { readFileSync } from 'node:fs';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf-8'));
const results = await new PurgeCSS().purge({
  content: spec.content,
  css: spec.css.map(({ name, raw }) => ({ name, raw })),
  // kept as they are: fonts, animations and custom properties are cheap and hard to trace
  fontFace: false,
  keyframes: false,
  variables: false,
});
if (results.length !== spec.css.length) {
  console.error(`purgecss returned ${results.length} stylesheets for ${spec.css.length}`);
  process.exit(1);
}
process.stdout.write(JSON.stringify(results.map((r) => r.css)));
