// Starts the portal for the end-to-end run on a fresh data directory (demo data seeded).
import { rmSync } from 'node:fs';
import { spawn } from 'node:child_process';

const dir = process.env.DATA_DIR ?? '.data-e2e';
rmSync(dir, { recursive: true, force: true });
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit', env: process.env });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
