#!/usr/bin/env node
// Cursor's local plugin service's loader (cursor-plugins: Claude Code's installed plugins the
// Claude Code settings turn on, and ~/.cursor/plugins/local) for one project and home each:
// which plugin folders Cursor loads without a plugin folder given.
//
//   node installed.mjs < request.json
//
// stdin: {"cases": [{"id", "project", "home"}]}; no Cursor marketplace is asked (no network).
// stdout: one JSON line per case: {"id", "plugins": [{"installPath", "hooksSourcePath"}],
// "failures": [...]} (`hooksSourcePath` null when no hooks were loaded from the plugin).

import { loadCursorSdk, toPlain, captureConsole } from './sdk-lib.mjs';

async function main() {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  const { cases } = JSON.parse(text);
  const { api } = await loadCursorSdk();
  for (const c of cases) {
    const cap = captureConsole();
    let result;
    try {
      result = await api.loadAllPlugins([c.project], { userHomeDir: c.home, loadClaude: true, loadUserLocal: true });
    } finally {
      cap.restore();
    }
    const plugins = Array.isArray(result) ? result : (result?.plugins ?? []);
    process.stdout.write(JSON.stringify({
      id: c.id,
      plugins: plugins.map((p) => ({ installPath: p.installPath, hooksSourcePath: p.hooks?.sourcePath ?? null })),
      failures: toPlain(result?.failures ?? []),
    }) + '\n');
  }
}

main().catch((e) => {
  process.stderr.write(`cursor-installed-oracle: ${e?.stack ?? e}\n`);
  process.exit(1);
});
