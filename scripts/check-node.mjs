// Fails loudly when a script runs on any Node but the pinned major (24): see package.json "node".
const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  console.error(`\n\u001b[31mAgent Portal needs Node 24 (pinned by the "node" devDependency); this is Node ${process.versions.node}.\nRun scripts through npm (npm start, npm test) so the pinned Node is used.\u001b[0m\n`);
  process.exit(1);
}
