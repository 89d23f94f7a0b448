// page.js - placeholder, replaced below
'use strict';
module.exports = { build() { throw new Error('not yet'); }, siteData() {} };
