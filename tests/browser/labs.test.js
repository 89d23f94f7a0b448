// labs.test.js - the offline site archive and the lab pages in headless chromium (run by
// `make browser-test`): build/dist/course-site.tar.gz (made here with `make dist`), unpacked into a
// fresh directory, opens over file:// with every page loading cleanly and every explorer starting,
// every variable a game's goal names in its memory table (for every variant);
// each lab page's explorer replays a witness link, its hints work with JavaScript off; and the link
// the checker prints for a failing starter opens the `make lab` page on that schedule. The axe check of
// the lab pages and the instructor guide, every <details> open, is site-axe.test.js's (the archive
// holds the same pages, archives.test.js).
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const h = require('./harness');
const { openRecordOf, playAll } = require('./course');

const ROOT = path.resolve(__dirname, '..', '..');
const LABS = require(path.join(ROOT, 'tools/lab/lib/config.js')).load().labs;

let dir;
let site;
before(async () => {
  const m = spawnSync('make', ['--no-print-directory', 'dist'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(m.status, 0, m.stdout + m.stderr);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'course-site-'));
  const x = spawnSync('tar', ['-xzf', path.join(ROOT, 'build/dist/course-site.tar.gz'), '-C', dir], {
    encoding: 'utf8',
  });
  assert.equal(x.status, 0, x.stderr);
  site = await h.open({ siteDir: path.join(dir, 'course-site') });
});
after(async () => {
  if (site) await site.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function pages() {
  const root = path.join(dir, 'course-site');
  return fs
    .readdirSync(root, { recursive: true })
    .filter((f) => f.endsWith('.html'))
    .sort();
}

// The variables a game's goal names (under SC, and under x86-TSO) that its memory table lacks, for
// every variant of every game on the page (each variant chosen in turn): "game:variant: name".
function goalVarsMissing(page) {
  return page.$$eval('.explorer-app', (apps) =>
    apps.flatMap((a) => {
      const names = (t) => (!t ? [] : t.op === 'var' ? [t.name] : (t.args || []).flatMap(names));
      const out = [];
      a.querySelectorAll('.explorer-variants input').forEach((i) => {
        i.click();
        const d = window.COURSE_WASM[a.dataset.example + ':' + i.value];
        const rows = [...a.querySelectorAll('.explorer-memory tbody th')].map((th) => th.textContent);
        for (const g of [d.goal, d.tso && d.tso.goal])
          for (const n of names(g && g.tree)) if (!rows.includes(n)) out.push(`${a.dataset.example}:${i.value}: ${n}`);
      });
      return out;
    }),
  );
}

// Two tabs take the pages in turn (each page a subtest); a tab's problems are asserted per page.
test(
  "unpacked site archive: every page opens from file://, every explorer starts with its goal's variables in its memory table",
  { concurrency: 2 },
  async (t) => {
    const all = pages();
    assert.ok(all.includes('index.html') && LABS.every((l) => all.includes(`labs/${l}.html`)), all.join(' '));
    await site.onTabs(t, all, { mode: 'file', tabs: 2 }, async (tab, p) => {
      await tab.goto(p);
      await playAll(tab.page); // each game's Start button (static/ondemand.js loads it)
      const apps = tab.page.locator('.explorer-app');
      const n = await apps.count();
      for (let i = 0; i < n; i++) {
        await apps.nth(i).waitFor({ state: 'visible' });
        assert.equal(await apps.nth(i).getAttribute('data-ready'), '1', `${p}: explorer ${i}`);
      }
      assert.deepEqual(await goalVarsMissing(tab.page), [], p);
      tab.assertClean();
    });
  },
);

for (const lab of LABS) {
  test(`lab ${lab}: the explorer replays the starter's witness from the outcome table (file://)`, async () => {
    const tab = await site.newTab({ mode: 'file' });
    await tab.goto(`labs/${lab}.html`);
    await openRecordOf(tab.page, `lab/${lab}`); // the verified tables are folded under the game
    const section = tab.page.locator(`.explorer[data-example="lab/${lab}"]`);
    const specs = await section
      .locator('a.explorer-witness')
      .evaluateAll((as) => as.map((a) => a.getAttribute('data-explore')));
    assert.ok(specs.length > 0);
    const longest = specs.sort((a, b) => b.length - a.length)[0];
    const schedule = /^lab\/[^:]+:student:([0-3]*)$/.exec(longest)[1];
    const app = tab.page.locator(`.explorer-app[data-example="lab/${lab}"]`);
    const link = section.locator(`a.explorer-witness[data-explore="${longest}"]`);
    await link.click(); // static/ondemand.js loads the game, then ui.js replays it from step 0
    await app.waitFor({ state: 'visible' });
    const slider = app.locator('.explorer-replay input[type=range]');
    assert.equal(await slider.getAttribute('max'), String(schedule.length));
    await slider.fill(String(schedule.length)); // to its last step
    await tab.page.waitForFunction(
      ([sel, n]) => document.querySelectorAll(sel).length === n,
      [`.explorer-app[data-example="lab/${lab}"] .explorer-timeline li`, schedule.length],
    );
    assert.equal(await app.locator('.explorer-timeline li').count(), schedule.length);
    // the URL and the explorer's link are this replay at this step
    const url = new URL(tab.page.url());
    assert.equal(url.searchParams.get('schedule'), schedule);
    assert.equal(url.searchParams.get('step'), String(schedule.length));
    assert.equal(url.hash, `#explorer-lab-${lab}`);
    assert.equal(
      await app.locator('.explorer-share').getAttribute('href'),
      `?schedule=${schedule}&step=${schedule.length}#explorer-lab-${lab}`,
    );
    tab.assertClean();
    await tab.close();
  });

  test(`lab ${lab}: hints are <details> that open with JavaScript off`, async () => {
    const tab = await site.newTab({ mode: 'file', javaScriptEnabled: false });
    await tab.goto(`labs/${lab}.html`);
    const hints = tab.page.locator('details.hint');
    assert.ok((await hints.count()) >= 3);
    const first = hints.first();
    assert.equal(await first.getAttribute('open'), null);
    await first.locator('summary').click();
    assert.notEqual(await first.getAttribute('open'), null);
    assert.ok(await first.locator('p').first().isVisible());
    await tab.close();
  });
}

test("the checker's witness link opens the `make lab` page on that schedule", async () => {
  const r = spawnSync('node', ['tools/lab/lab.js', 'check', 'polling', '--quiet'], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const res = JSON.parse(fs.readFileSync(path.join(ROOT, 'build/lab/polling/result.json'), 'utf8'));
  assert.ok(!res.page_error, res.page_error);
  const tab = await site.newTab({ mode: 'file' });
  await tab.page.goto(res.witness.link);
  const app = tab.page.locator('.explorer-app[data-example="lab/polling"]');
  await app.waitFor({ state: 'visible' });
  // the schedule opens at step 0, to be played step by step: to its end
  assert.equal(await app.locator('.explorer-replay-text').textContent(), `step 0 of ${res.witness.schedule.length}`);
  for (let k = 0; k < res.witness.schedule.length; k++) await app.getByRole('button', { name: /^Next/ }).click();
  assert.equal(await app.locator('.explorer-timeline li').count(), res.witness.schedule.length);
  assert.match(
    await app.locator('.explorer-verdict').textContent(),
    new RegExp(res.witness.outcome.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  );
  tab.assertClean();
  await tab.close();
});
