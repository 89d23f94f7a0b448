// Browser-test harness: serves build/site over http and file://, drives Debian's headless
// chromium with playwright-core, and records every console error, page error, failed request
// and HTTP error status of each tab so a test can assert a page loaded cleanly.
//
// Usage from a test file tests/browser/<part>.test.js (run with `node --test tests/browser/`):
//
//   const { test } = require('node:test');
//   const assert = require('node:assert/strict');
//   const h = require('./harness');
//
//   const site = h.openForFile();   // the server and the browser: from before the file's first test
//                                   // to after its last (h.open() and site.close() in before/after)
//
//   for (const mode of h.MODES) {                      // 'http' and 'file'
//     test(`load fusing page (${mode})`, async () => {
//       const tab = await site.newTab({ mode });       // empty localStorage (a kept context, emptied)
//       await tab.goto('load-fusing.html');            // path relative to the site root
//       assert.match(await tab.page.title(), /Load fusing/);
//       await tab.screenshot(`mypart-load-fusing-${mode}`); // only with BROWSER_SHOTS=1 (below)
//       tab.assertClean();                             // throws if anything went wrong on the tab
//       await tab.close();
//     });
//   }
//
// h.openForFile(options): h.open(options) in a before() of the file and site.close() in its after();
//                    returns a stand-in whose properties are the open site's (read in tests only)
// h.open(options):   { siteDir } (default build/site, or $SITE_DIR), playground (the options of the
//                    playground, tools/playground: the server is `make serve`'s) → site (site.server)
// site.httpBase:     'http://127.0.0.1:<random port>/'
// site.fileBase:     'file:///abs/path/build/site/'
// site.url(mode, p): absolute URL of site path p in that mode
// site.newTab(opts): opts = { mode = 'http', colorScheme = 'light' | 'dark', viewport = {width, height},
//                    javaScriptEnabled = true, reducedMotion, allowProblems = [RegExp, ...],
//                    fresh = false } → tab; the tab has a browser context to itself while it is
//                    open (downloads allowed). A closed tab's context is emptied (its pages closed;
//                    cookies, permissions and the storage of both origins cleared) and kept for the
//                    next tab with the same options, which starts with nothing of the first but its
//                    HTTP cache: a new context costs chromium about 0.5 CPU-s, a cold cache more.
//                    fresh: true gives a new context (a first visit, nothing cached) closed with
//                    the tab.
// tab.page:          the Playwright Page; tab.context: its BrowserContext
// tab.goto(p):       navigate to site path p (may contain ?query or #hash); waits for 'load'
// tab.problems:      array of strings: 'console error: …', 'page error: …', 'request failed: …',
//                    'http 404: …' (problems matching allowProblems are not recorded)
// tab.assertClean(): throws an AssertionError listing tab.problems if there are any
// tab.screenshot(n, { locator, fullPage = true }): with BROWSER_SHOTS=1 in the environment,
//                    a PNG at build/test-artifacts/<n>.png for a human to look at (the whole page from
//                    its top, or the element `locator`; fullPage: false for the viewport), returns the
//                    path; otherwise nothing is drawn and it returns null. No assertion reads them, and
//                    a full-page shot of a long course page costs chromium 3-4 CPU-s, so `make
//                    browser-test` takes none; `BROWSER_SHOTS=1 make browser-test` takes them all.
// tab.axe(opts):     runs axe-core (node_modules/axe-core) on the page: opts = { include (a CSS
//                    selector; default the whole document), tags (default wcag2a + wcag2aa), preload
//                    (default false: axe would fetch the stylesheets itself, which file:// forbids) }
//                    → one line per violation ('<rule id>: <help>' then its first 5 nodes' targets and
//                    messages), [] when there is none. Only violations are collected (resultTypes), so
//                    axe does not build selectors for every passing node of a long page.
// tab.close()
// site.onTabs(t, items, opts, work): for a test t declared with { concurrency: opts.tabs }, runs
//                    work(tab, item) as a subtest of t named item for every item (strings), on
//                    opts.tabs (default 2) tabs opened with the other opts (as newTab), each tab taking
//                    the next item when done with one: a tab's storage carries over from item to item,
//                    its problems do not (work should end with tab.assertClean()).
//                    A fresh tab costs chromium about 0.5 CPU-s, its first load of a course page
//                    another 1 (cold cache); the same tab going on to the next page costs neither.
// h.newContext(browser, options): browser.newContext(options) with h.TIMEOUT as its default timeout;
//                    newTab uses it, and so must a test that opens a context of its own.
// h.TIMEOUT:        the default timeout (ms) of navigations, actions and waits: 180 s, or
//                    $BROWSER_TIMEOUT_MS. Playwright's own 30 s is too short on a loaded 2-core machine
//                    several times slower than usual (CI once saw print.html take over 30 s to load); a
//                    wait for a state that never comes still fails, only later. Tests set no timeouts.
// h.SITE_DIR, h.ARTIFACTS, h.MODES, h.CHROMIUM_ARGS are exported for tests that need them.
//
// One browser for every file: `make browser-test` runs tests/browser/run.js, which starts one chromium
// (h.launchServer()) and runs the files side by side with BROWSER_WS_ENDPOINT set; h.open() then
// connects to that browser instead of launching one, and site.close() only disconnects. A new test
// file needs nothing for this: h.open() / site.newTab() / site.close() as above. Every tab still has
// a browser context of its own (fresh storage), so files and tests never see each other's state;
// files run at the same time, so a file must not write shared files under fixed names (temporary
// directories from fs.mkdtempSync, artifacts named after the file). Without BROWSER_WS_ENDPOINT
// (`node --test tests/browser/x.test.js`) h.open() launches a browser of its own.
//
// Playwright cannot be given --user-data-dir (it refuses); chromium.launch() always starts from a
// fresh temporary profile of its own, which is what the flag would give us.
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const assert = require('node:assert/strict');
const { pathToFileURL } = require('node:url');
const { before, after } = require('node:test');

const ROOT = path.resolve(__dirname, '..', '..');
const { chromium } = require(path.join(ROOT, 'node_modules', 'playwright-core'));

const SITE_DIR = path.resolve(process.env.SITE_DIR || path.join(ROOT, 'build', 'site'));
const ARTIFACTS = path.join(ROOT, 'build', 'test-artifacts');
const MODES = ['http', 'file'];
const TIMEOUT = Number(process.env.BROWSER_TIMEOUT_MS) > 0 ? Number(process.env.BROWSER_TIMEOUT_MS) : 180000;
const SHOTS = !!process.env.BROWSER_SHOTS && process.env.BROWSER_SHOTS !== '0';
const AXE = path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The site's server is `make serve`'s (missing paths answer 404 with 404.html).
const { serve } = require(path.join(ROOT, 'tools', 'serve', 'serve.js'));

function requireSite(dir) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${path.relative(ROOT, dir) || dir}/index.html: no site built; run \`make site\` first`);
  }
}

async function newContext(browser, options) {
  const context = await browser.newContext(options);
  context.setDefaultTimeout(TIMEOUT);
  context.setDefaultNavigationTimeout(TIMEOUT);
  return context;
}

async function open(options = {}) {
  const siteDir = path.resolve(options.siteDir || SITE_DIR);
  requireSite(siteDir);
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const server = await serve(siteDir, 0, { playground: options.playground });
  let browser;
  try {
    const shared = process.env.BROWSER_WS_ENDPOINT;
    browser = shared
      ? await chromium.connect(shared)
      : await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  } catch (e) {
    server.close();
    throw e;
  }
  const httpBase = `http://127.0.0.1:${server.address().port}/`;
  const fileBase = pathToFileURL(siteDir).href.replace(/\/?$/, '/');
  const tabs = new Set();
  // Contexts of closed tabs, emptied, by their options (JSON): the next tab with the same options
  // takes one instead of a new context (see newTab in the header).
  const idle = new Map();
  // Empties context (whose pages are page and any it opened) of what a page can keep: every page
  // closed; cookies, permissions, and the storage of both origins (localStorage, sessionStorage,
  // IndexedDB, Cache API, ...: CDP's Storage.clearDataForOrigin). Its HTTP cache stays: the site's
  // files do not change during a run. Resolves to false when it could not (the context is closed).
  async function emptied(context, page) {
    try {
      const cdp = await context.newCDPSession(page);
      for (const origin of [new URL(httpBase).origin, 'file://'])
        await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
      await cdp.detach();
      await context.clearCookies();
      await context.clearPermissions();
      for (const p of context.pages()) await p.close();
      return true;
    } catch (e) {
      return false;
    }
  }

  const site = {
    siteDir,
    httpBase,
    fileBase,
    browser,
    server,
    url(mode, p = '') {
      if (!MODES.includes(mode)) throw new Error(`unknown mode '${mode}' (want ${MODES.join(' or ')})`);
      return new URL(p.replace(/^\//, ''), mode === 'http' ? httpBase : fileBase).href;
    },
    async newTab(opts = {}) {
      const mode = opts.mode || 'http';
      const options = {
        colorScheme: opts.colorScheme || 'light',
        viewport: opts.viewport || { width: 1280, height: 900 },
        javaScriptEnabled: opts.javaScriptEnabled !== false,
        reducedMotion: opts.reducedMotion || 'no-preference',
        acceptDownloads: true,
      };
      const key = JSON.stringify(options);
      const kept = !opts.fresh && idle.get(key);
      const context = kept && kept.length ? kept.pop() : await newContext(browser, options);
      const page = await context.newPage();
      const allow = opts.allowProblems || [];
      const problems = [];
      const note = (msg) => {
        if (!allow.some((re) => re.test(msg))) problems.push(msg);
      };
      page.on('console', (m) => {
        if (m.type() === 'error') note(`console error: ${m.text()} (${page.url()})`);
      });
      page.on('pageerror', (e) => note(`page error: ${e.message} (${page.url()})`));
      page.on('requestfailed', (r) => {
        const why = r.failure() ? r.failure().errorText : 'failed';
        // A navigation replaced by another one is not a failure of the site.
        if (why === 'net::ERR_ABORTED' && r.isNavigationRequest()) return;
        note(`request failed: ${r.url()} ${why}`);
      });
      page.on('response', (r) => {
        if (r.status() >= 400) note(`http ${r.status()}: ${r.url()}`);
      });
      const tab = {
        mode,
        page,
        context,
        problems,
        async goto(p) {
          return page.goto(site.url(mode, p), { waitUntil: 'load' });
        },
        assertClean() {
          assert.deepEqual(problems, [], `problems on the ${mode} tab:\n  ${problems.join('\n  ')}`);
        },
        async screenshot(name, { locator, fullPage = true } = {}) {
          if (!SHOTS) return null;
          const file = path.join(ARTIFACTS, `${name}.png`);
          if (locator) {
            await locator.screenshot({ path: file, animations: 'disabled' });
          } else {
            // From the top: scrolled down, chromium draws the sticky header where the viewport was,
            // in the middle of a full-page picture.
            if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
            await page.screenshot({ path: file, fullPage });
          }
          return file;
        },
        async axe({ include = null, tags = ['wcag2a', 'wcag2aa'], preload = false } = {}) {
          if (!(await page.evaluate(() => !!window.axe))) await page.addScriptTag({ path: AXE });
          return page.evaluate(
            async ([sel, t, pre]) => {
              const ctx = sel === null ? document : document.querySelector(sel);
              if (!ctx) throw new Error(`axe: no element matches ${sel}`);
              const r = await window.axe.run(ctx, {
                runOnly: { type: 'tag', values: t },
                preload: pre,
                resultTypes: ['violations'],
              });
              return r.violations.map(
                (v) =>
                  `${v.id}: ${v.help}\n    ${v.nodes
                    .slice(0, 5)
                    .map((n) => n.target.join(' ') + ' ' + ((n.any[0] || n.all[0] || n.none[0] || {}).message || ''))
                    .join('\n    ')}`,
              );
            },
            [include, tags, preload],
          );
        },
        async close() {
          tabs.delete(tab);
          if (opts.fresh || !(await emptied(context, page))) return context.close();
          if (!idle.has(key)) idle.set(key, []);
          idle.get(key).push(context);
        },
      };
      tabs.add(tab);
      return tab;
    },
    async onTabs(t, items, opts, work) {
      const { tabs: n = 2, ...tabOpts } = opts || {};
      const queue = [...items];
      await Promise.all(
        Array.from({ length: Math.min(n, queue.length) }, async () => {
          const tab = await site.newTab(tabOpts);
          try {
            for (let item; (item = queue.shift()) !== undefined;) {
              await t.test(String(item), () => work(tab, item));
              tab.problems.length = 0; // work ends with tab.assertClean(): a failed item's stay its own
            }
          } finally {
            await tab.close();
          }
        }),
      );
    },
    async close() {
      for (const t of [...tabs]) await t.close().catch(() => {});
      for (const cs of idle.values()) for (const c of cs) await c.close().catch(() => {});
      await browser.close().catch(() => {});
      await new Promise((r) => server.close(r));
    },
  };
  return site;
}

// The site for the tests of one file: opened before the first, closed after the last (not when
// opening failed). The stand-in reads the open site: outside the file's tests it has none.
function openForFile(options) {
  let site = null;
  before(async () => {
    site = await open(options);
  });
  after(async () => {
    if (site) await site.close();
  });
  return new Proxy(
    {},
    {
      get(_, key) {
        if (!site) throw new Error(`site.${String(key)}: the site is open only in the file's tests`);
        const v = site[key];
        return typeof v === 'function' ? v.bind(site) : v;
      },
    },
  );
}

// The browser that tests/browser/run.js shares between the files: a Playwright BrowserServer
// (wsEndpoint(), close()).
function launchServer() {
  return chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

module.exports = {
  open,
  openForFile,
  newContext,
  launchServer,
  serve,
  TIMEOUT,
  SITE_DIR,
  ARTIFACTS,
  MODES,
  SHOTS,
  AXE,
  CHROMIUM,
  CHROMIUM_ARGS,
  ROOT,
};
