import { ConfigError, loadConfig } from './config';

async function main() {
  const config = loadConfig();
  // Loaded once the settings are known to be good: run from the sources (tsx), a start refused for a setting then
  // fails before the server's modules load (the bundle `npm start` runs has its packages imported up front anyway).
  const { startServer } = await import('./server');
  const server = await startServer(config);
  console.log(`Turnery is open at ${server.url}`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight, then stopping`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: a second signal during the stop must still find a listener, or tsx's own signal handler
  // sees none left and exits at once with 143, cutting the requests in flight.
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
