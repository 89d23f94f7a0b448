// "Spot the instruction" quizzes (issue 27 point 13): the reader ticks lines of a cell's listing,
// Check grades them against the build's answer with feedback on each ticked line, Retry starts over;
// with JavaScript off the answer and why are in the "Show answer" disclosure. Over http and file://;
// BROWSER_SHOTS=1 saves the quiz at 1280 px (light, dark) and 390 px.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert/strict');
const h = require('./harness');

const site = h.openForFile();

const QUIZ = '#quiz-load-fusing-spot-hoisted';

// The line of the quiz whose instruction text is exactly text (the nth such line).
const line = (tab, text, nth = 0) =>
  tab.page
    .locator(`${QUIZ} li.quiz-spot-line`)
    .filter({
      has: tab.page.locator('code.asm-text', { hasText: new RegExp(`^${text.replace(/[$()%.]/g, '\\$&')}$`) }),
    })
    .nth(nth);

for (const mode of h.MODES) {
  test(`a wrong line, then the right ones (${mode})`, async () => {
    const tab = await site.newTab({ mode });
    await tab.goto('load-fusing.html' + QUIZ);
    const quiz = tab.page.locator(QUIZ);
    const result = quiz.locator('.quiz-result');
    await quiz.locator('.quiz-check').click();
    assert.equal(await result.textContent(), 'Tick an instruction first.');

    // the loop itself: wrong, and its feedback says why
    const loop = line(tab, 'jmp .L0');
    await loop.locator('label').click();
    await quiz.locator('.quiz-check').click();
    await tab.page.waitForFunction((sel) => document.querySelector(sel + ' .quiz-result').textContent !== '', QUIZ);
    assert.equal(await result.textContent(), 'Not quite.');
    assert.match(await loop.getAttribute('class'), /is-wrong/);
    assert.ok(await loop.locator('.quiz-feedback').isVisible());
    assert.match(
      await loop.locator('.quiz-feedback').textContent(),
      /^Wrong\.This instruction accesses no variable.*It is inside a loop\.$/,
    );

    // Retry, then one of the two reads: right, one missing
    await quiz.locator('.quiz-retry').click();
    assert.equal(await loop.locator('.quiz-feedback').isVisible(), false);
    const first = line(tab, 'mov need_to_stop(%rip),%eax', 0),
      second = line(tab, 'mov need_to_stop(%rip),%eax', 1);
    await first.locator('label').click();
    await quiz.locator('.quiz-check').click();
    assert.equal(await result.textContent(), 'Not quite: 1 right instruction is missing.');
    assert.match(await first.getAttribute('class'), /is-right/);
    assert.match(
      await first.locator('.quiz-feedback').textContent(),
      /^Right\.A load of need_to_stop \(4\u00a0B\), from line 34: the evidence counts it \(t1 reads need_to_stop twice\)\.$/,
    );

    // both reads: correct, and the explanation is shown
    await quiz.locator('.quiz-retry').click();
    await first.locator('label').click();
    await second.locator('label').click();
    await quiz.locator('.quiz-check').click();
    assert.equal(await result.textContent(), 'Correct!');
    assert.match(await second.locator('.quiz-feedback').textContent(), /from line 45/);
    assert.ok(await quiz.locator('.quiz-explanation-shown').isVisible());
    tab.assertClean();
    await tab.close();
  });
}

test('JavaScript off: the answer and why are in the disclosure', async () => {
  const tab = await site.newTab({ javaScriptEnabled: false });
  await tab.goto('store-tearing.html');
  const quiz = tab.page.locator('#quiz-store-tearing-spot-halves');
  assert.equal(await quiz.locator('.quiz-check').isVisible(), false);
  assert.ok(await quiz.locator('li.quiz-spot-line').first().isVisible(), 'the listing is readable');
  const key = quiz.locator('details.quiz-answer .quiz-key li');
  assert.equal(await key.first().isVisible(), false);
  await quiz.locator('details.quiz-answer > summary').click();
  assert.equal(await key.count(), 1);
  assert.match(
    await key.textContent(),
    /^Right: 10 {2}stp w0, w0, \[x2\] A store of big \(4\u00a0B\) and a store of big\+4 \(4\u00a0B\), from line 36: the evidence counts it/,
  );
  assert.match(await quiz.locator('.quiz-explanation').textContent(), /two 4-byte halves/);
  await tab.screenshot('quiz-spot-nojs-open', { locator: quiz });
  tab.assertClean();
  await tab.close();
});

test('screenshots at 1280 px (light, dark) and 390 px', async () => {
  for (const [name, opts] of [
    ['1280-light', { viewport: { width: 1280, height: 900 } }],
    ['1280-dark', { viewport: { width: 1280, height: 900 }, colorScheme: 'dark' }],
    ['390', { viewport: { width: 390, height: 844 } }],
  ]) {
    const tab = await site.newTab(opts);
    await tab.goto('load-fusing.html' + QUIZ);
    const quiz = tab.page.locator(QUIZ);
    await line(tab, 'jmp .L0').locator('label').click();
    await line(tab, 'mov need_to_stop(%rip),%eax').locator('label').click();
    await quiz.locator('.quiz-check').click();
    const width = await tab.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= opts.viewport.width, `the page is ${width} px wide at ${opts.viewport.width}`);
    await tab.screenshot(`quiz-spot-${name}`, { locator: quiz });
    tab.assertClean();
    await tab.close();
  }
});
