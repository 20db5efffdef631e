// A second process holding a database's write lock, as a CLI, a backup or a second server would:
// `node hold-write-lock.cjs <file>` takes the lock, prints "locked", and lets go (rolling back)
// when a line arrives on stdin or stdin closes.
const Database = require("libsql");

const db = new Database(process.argv[2], { timeout: 0 });
db.exec("BEGIN IMMEDIATE");
db.exec("CREATE TABLE IF NOT EXISTS _lock_holder (x)");
process.stdout.write("locked\n");
const release = () => {
  db.exec("ROLLBACK");
  db.close();
  process.stdout.write("released\n");
  process.exit(0);
};
process.stdin.once("data", release);
process.stdin.once("end", release);
