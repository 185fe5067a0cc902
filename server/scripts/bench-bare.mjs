// The bare-Fastify reference of `npm run bench`: Fastify with its defaults and one route, no
// plugins, hooks or database, run with plain node like the built server. What the machine and
// Fastify can do at best; the gap to our /api/health/ is what our plugins cost.
// node scripts/bench-bare.mjs <port>
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.get("/api/health/", async () => ({ ok: true }));
await app.listen({ host: "127.0.0.1", port: Number(process.argv[2] ?? 3951) });
