#!/usr/bin/env node
// page-cost.js - what loading a page of the built site costs chromium's main thread: for each page
// given, loaded from file:// in a fresh tab of Debian's chromium, the CDP Performance metrics 1.5 s
// after the load event (task, script, layout and style seconds, DOM nodes).
//   node tools/dev/page-cost.js index.html litmus.html print.html
'use strict';
const path = require('path');
const { chromium } = require('playwright-core');

const SITE = path.resolve(__dirname, '..', '..', 'build', 'site');

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext();
  for (const p of process.argv.slice(2)) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto('file://' + path.join(SITE, p), { waitUntil: 'load' });
    await page.waitForTimeout(1500);
    const m = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((x) => [x.name, x.value]));
    console.log(
      `${p}: task ${m.TaskDuration.toFixed(2)} s, script ${m.ScriptDuration.toFixed(2)} s, ` +
        `layout ${m.LayoutDuration.toFixed(2)} s, style ${m.RecalcStyleDuration.toFixed(2)} s, ${m.Nodes} nodes`,
    );
    await page.close();
  }
  await browser.close();
})();
