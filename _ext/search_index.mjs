// Pagefind's index of the course, written by _ext/search.py at the end of the build.
// Input: a JSON file (argv[2]) with {language, output, pages: [{url, html}], records: [{url,
// content, meta, filters}]}: the pages as search.py prepared them (the article of each page) and
// the glossary's entries, one record each. Output: the index in `output` (the site's pagefind/).
import * as pagefind from 'pagefind';
import { readFileSync } from 'node:fs';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf-8'));

function check(what, response) {
  if (response.errors && response.errors.length) {
    console.error(`pagefind (${what}): ${response.errors.join('; ')}`);
    process.exit(1);
  }
  return response;
}

const { index } = check('createIndex', await pagefind.createIndex({ forceLanguage: spec.language }));
for (const page of spec.pages) {
  check(page.url, await index.addHTMLFile({ url: page.url, content: page.html }));
}
for (const record of spec.records) {
  check(record.url, await index.addCustomRecord({ language: spec.language, ...record }));
}
check('writeFiles', await index.writeFiles({ outputPath: spec.output }));
await pagefind.close();
