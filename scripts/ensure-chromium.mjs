// Makes sure Debian's Chromium is installed (apt) for the end-to-end tests; never downloads a browser build.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  console.log('Chromium not found: installing Debian chromium with apt-get…');
  try {
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  } catch {
    console.error(`Could not install Chromium. Install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
}
