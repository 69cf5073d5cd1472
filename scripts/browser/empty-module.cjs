// An empty module, for the browser's "util": see next.config.ts.
module.exports = {};
