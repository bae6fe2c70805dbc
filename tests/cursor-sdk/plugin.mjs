#!/usr/bin/env node
// Cursor's own plugin loader (cursor-plugins, from @cursor/sdk: manifest lookup, the manifest's
// `hooks` field, per-file format detection, Claude-format translation) on plugin folders, and
// Cursor's executor firing one event at the hooks it loaded.
//
//   node plugin.mjs < request.json
//
// stdin: {"plugins": [dir...], "fire": {"event", "payload"} (optional)}. An empty project and
// HOME are used, so only the plugins' hooks are there. The SDK loads plugin hook files but wires
// none into its executor (nothing in 1.0.32 writes config.pluginHooks); sdk-runtime.mjs fills
// that field the way the executor reads it, as the reference harness does.
// stdout: one JSON document:
//   {"plugins": [{"installPath", "plugin", "logs", "hooksSourcePath", "config" | "error"}],
//    "errors": [...], "fired": {"hooks": [{"command", "cwd", "exit", "stdout", "stderr",
//    "status", "env"}], "merged": {...}} | null}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCursorSdk, toPlain, captureConsole } from './sdk-lib.mjs';
import { buildHooksRuntime, instrumentExecutor } from './sdk-runtime.mjs';

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function main() {
  const request = JSON.parse(await readStdin());
  const sdk = await loadCursorSdk();
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cursor-plugin-oracle-'));
  const project = path.join(scratch, 'project');
  const home = path.join(scratch, 'home');
  fs.mkdirSync(project);
  fs.mkdirSync(home);
  const built = await buildHooksRuntime(sdk, { projectDir: project, home, plugins: request.plugins });
  const out = {
    oracle: `@cursor/sdk@${sdk.sdkVersion}`,
    plugins: toPlain(built.pluginResults),
    errors: toPlain(built.runtime.hooksConfig.errors),
    fired: null,
  };
  if (request.fire) {
    const session = built.runtime.createSessionRuntime();
    const inst = instrumentExecutor(session.hookExecutor);
    const cap = captureConsole();
    let merged;
    try {
      merged = await session.hookExecutor.executeHookForStep(request.fire.event, request.fire.payload);
    } finally {
      cap.restore();
    }
    out.fired = {
      hooks: inst.records.sort((a, b) => a.seq - b.seq).map((r) => ({
        source: r.source,
        command: r.script?.command ?? null,
        cwd: r.cwd ?? null,
        exit: r.process?.exitCode ?? null,
        stdout: r.process?.stdout ?? null,
        stderr: r.process?.stderr ?? null,
        env: r.process?.env ?? null,
        status: r.telemetry?.status ?? null,
      })),
      merged: merged === undefined ? null
        : toPlain(Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined))),
    };
  }
  fs.rmSync(scratch, { recursive: true, force: true });
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().catch((e) => {
  process.stderr.write(`cursor-plugin-oracle: ${e?.stack ?? e}\n`);
  process.exit(1);
});
