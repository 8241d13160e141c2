// After `react-router build`: the prerendered not-found page becomes the server's 404.html.
import fs from 'node:fs';
import path from 'node:path';

const client = path.resolve('build/client');
fs.copyFileSync(path.join(client, '404', 'index.html'), path.join(client, '404.html'));
fs.rmSync(path.join(client, '404'), { recursive: true, force: true });
console.log('postbuild: wrote build/client/404.html');
