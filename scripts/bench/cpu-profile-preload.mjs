// Loaded with `node --import` (NODE_OPTIONS refuses --cpu-prof): a sampling CPU profile from SIGUSR2 on, written to $CPU_PROFILE_DIR when it exits (scripts/bench/profile-server.ts). An in-thread
// inspector session answers synchronously, so the profile is taken inside the 'exit' handler.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const session = new inspector.Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 200 });
// Started by SIGUSR2 (sent just before the load), so start-up and seeding are not in it.
process.on('SIGUSR2', () => session.post('Profiler.start'));
process.on('exit', () => {
  session.post('Profiler.stop', (err, result) => {
    if (!err)
      fs.writeFileSync(
        path.join(process.env.CPU_PROFILE_DIR ?? '.', `server-${process.pid}.cpuprofile`),
        JSON.stringify(result.profile),
      );
  });
});
