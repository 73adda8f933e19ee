// The server's machine-side commands: `npm run admin -- reset-password <account>` (README, "Admin recovery").
import { ConfigError, configuredDatabase, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { resetPasswordOnMachine } from './admin/resetPassword.ts';

/** The operator's language: Chinese where the machine's locale says so, else English. */
const zh = /^zh/i.test(process.env.LC_ALL || process.env.LC_MESSAGES || process.env.LANG || '');
const say = (en: string, cn: string) => (zh ? cn : en);

const USAGE = say(
  'Usage: npm run admin -- reset-password <account>\n  Gives the account a new one-time password (shown once) and ends its sessions.',
  '用法：npm run admin -- reset-password <账号>\n  为该账号生成新的一次性密码（只显示一次）并结束其所有会话。',
);

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

async function main() {
  const [command, account, ...rest] = process.argv.slice(2);
  if (command !== 'reset-password' || !account || rest.length) fail(USAGE, 2);
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, 2);
    throw err;
  }
  let database;
  try {
    database = await openDatabase(configuredDatabase(config));
  } catch (err) {
    if (err instanceof DataDirLockedError)
      fail(
        say(
          `The server is running on ${config.dataDir} (the embedded database takes one process). Stop it, run this again, then start it.`,
          `服务器正在使用 ${config.dataDir}（内置数据库只允许一个进程）。请先停止服务器，再运行本命令，然后重新启动服务器。`,
        ),
        3,
      );
    throw err;
  }
  try {
    // As the server does at start: a database this code has not met yet gets its tables first.
    await database.migrate();
    const result = await resetPasswordOnMachine(database.db, account, config.oneTimePasswordHours);
    if (!result.ok) fail(say(`No account named "${account}".`, `没有名为“${account}”的账号。`), 1);
    const hours = config.oneTimePasswordHours;
    console.log(
      [
        say(`One-time password for ${result.userName}:`, `${result.userName} 的一次性密码：`),
        '',
        `    ${result.oneTimePassword}`,
        '',
        say(
          `It works once within ${hours} hours (until ${result.expiresAt.toISOString()}); a new password must be chosen at that login.`,
          `${hours} 小时内（至 ${result.expiresAt.toISOString()}）可登录一次，登录后须设置新密码。`,
        ),
        say(
          'All sessions of the account have ended. The audit log records this as done on the server machine.',
          '该账号的所有会话已结束。审计日志记录为在服务器本机操作。',
        ),
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

await main();
