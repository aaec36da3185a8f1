/* What a student sees around each Preveja (tests/audits.py, phone-touch view; judged by
   tests/test_preveja_leaks.py). */
(screens) => {
  const article = document.querySelector('article.bd-article') || document.body;
  const HEADING = /^H[1-6]$/;

  function visible(el) {
    return el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
           el.getClientRects().length > 0;
  }
  function blockOf(node) {
    for (let e = node.parentElement; e; e = e.parentElement) {
      if (e instanceof SVGTextElement) return e;
      if (e instanceof HTMLElement && getComputedStyle(e).display !== 'inline') return e;
    }
    return null;
  }
  /* KaTeX draws a formula as many inline-blocks; its MathML twin holds the text in order.
     A fraction reads "a/b", as a student reads it. */
  function mathText(node) {
    if (node.nodeType === Node.TEXT_NODE) return node.nodeValue;
    const name = node.localName;
    if (name === 'annotation') return '';
    const parts = [...node.childNodes].map(mathText);
    if (name === 'mfrac') return ' (' + parts[0].trim() + ')/(' + parts[1].trim() + ') ';
    return ' ' + parts.join('') + ' ';   /* "0,588" is one <mn>; tokens never run together */
  }
  /* Every visible text under ``root`` that ``range`` holds and whose top ``keep`` accepts. */
  function textOf(root, range, keep, skip) {
    let out = '', lastBlock = null;
    const put = (node, text) => {
      const block = blockOf(node);
      if (block !== lastBlock) { out += '\n'; lastBlock = block; }
      out += text;
    };
    (function collect(node) {
      if (range && !range.intersectsNode(node)) return;
      if (node.nodeType === Node.TEXT_NODE) {
        if (!node.parentElement || !visible(node.parentElement)) return;
        if (!node.nodeValue.trim()) { out += ' '; return; }   /* between two <span>s of code */
        const r = document.createRange();
        r.selectNodeContents(node);
        const rects = r.getClientRects();
        if (rects.length && keep(rects[0])) put(node, node.nodeValue);
        return;
      }
      if (node.nodeType !== Node.ELEMENT_NODE) return;
      if (node.matches('script, style, template') || (skip && node.matches(skip))) return;
      if (node.matches('.katex')) {
        const math = node.querySelector('.katex-mathml math');
        if (math && visible(node) && keep(node.getBoundingClientRect())) put(node, ' ' + mathText(math) + ' ');
        return;
      }
      for (const child of node.childNodes) collect(child);
    })(root);
    return out;
  }

  const all = () => true;
  const objectives = [...article.querySelectorAll('div.admonition.objetivos')];
  const boxes = [...article.querySelectorAll('div.admonition.preveja:has(> .preveja-ui)')];
  return boxes.map(box => {
    const ui = box.querySelector(':scope > .preveja-ui');
    /* the start: the last heading before the box (or the article's start) */
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_ELEMENT);
    let start = article;
    for (let e = walker.nextNode(); e && e !== box; e = walker.nextNode()) {
      if (HEADING.test(e.tagName)) start = e;
    }
    const range = document.createRange();
    range.setStartBefore(start);
    range.setEndBefore(ui);
    let above = textOf(article, range, all, '.preveja-form, .preveja-ui');
    for (const o of objectives) {
      if (!range.intersectsNode(o) && (o.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING)) {
        above += '\n' + textOf(o, null, all, null);
      }
    }
    /* below: from the end of the box down to ``screens`` phone screens */
    const bottom = box.getBoundingClientRect().bottom;
    const limit = bottom + screens * window.innerHeight;
    const after = document.createRange();
    after.setStartAfter(box);
    after.setEndAfter(article.lastChild);
    const below = textOf(article, after, r => r.top >= bottom - 1 && r.top < limit, null);
    const explorables = [...article.querySelectorAll('div.explorable')].filter(e =>
      (box.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING) && visible(e) &&
      e.getBoundingClientRect().top < limit).length;
    const question = [...box.children].filter(c => !c.matches('.admonition-title, .preveja-ui'))
      .map(c => c.textContent).join(' ').replace(/\s+/g, ' ').trim();
    return { kind: ui.getAttribute('data-tipo'), glue: ui.getAttribute('data-glue'),
             answer: ui.getAttribute('data-resposta'),
             revela: JSON.parse(ui.getAttribute('data-revela') || '{"numeros": [], "textos": []}'),
             question: question, above: above, below: below, explorables: explorables };
  });
}
