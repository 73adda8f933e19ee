// The server's machine-side commands: `npm run admin -- reset-password <account>` (README, "Admin recovery").
import path from 'node:path';
import { ConfigError, configuredDatabase, loadConfig, loadDotEnv, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { resetPasswordOnMachine } from './admin/resetPassword.ts';
import { BackupError, createBackup, restoreBackup } from './admin/backup.ts';

/** The operator's language: Chinese where the machine's locale says so, else English. */
const zh = /^zh/i.test(process.env.LC_ALL || process.env.LC_MESSAGES || process.env.LANG || '');
const say = (en: string, cn: string) => (zh ? cn : en);

const USAGE = say(
  [
    'Usage:',
    '  npm run admin -- reset-password <account>   a new one-time password (shown once); ends its sessions',
    '  npm run backup -- <file.tar>                 database, files and keys into one archive',
    '  npm run restore -- <file.tar>                put a backup in place (the embedded database: server stopped)',
  ].join('\n'),
  [
    '用法：',
    '  npm run admin -- reset-password <账号>   生成新的一次性密码（只显示一次），并结束该账号的所有会话',
    '  npm run backup -- <文件.tar>             将数据库、文件和密钥备份到一个归档',
    '  npm run restore -- <文件.tar>            从备份恢复（内置数据库需先停止服务器）',
  ].join('\n'),
);

function fail(message: string, code: number): never {
  console.error(message);
  process.exit(code);
}

async function main() {
  const [command, arg, ...rest] = process.argv.slice(2);
  if (!['reset-password', 'backup', 'restore'].includes(command ?? '') || !arg || rest.length) fail(USAGE, 2);
  loadDotEnv();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message, 2);
    throw err;
  }
  if (command === 'backup' || command === 'restore') return runBackup(command, arg, config);
  const account = arg;
  let database;
  try {
    database = await openDatabase(configuredDatabase(config));
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(lockedMessage(config.dataDir), 3);
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

const lockedMessage = (dataDir: string) =>
  say(
    `The server is running on ${dataDir} (the embedded database takes one process). Stop it, run this again, then start it.`,
    `服务器正在使用 ${dataDir}（内置数据库只允许一个进程）。请先停止服务器，再运行本命令，然后重新启动服务器。`,
  );

async function runBackup(command: 'backup' | 'restore', file: string, config: Config) {
  try {
    if (command === 'backup') {
      const made = await createBackup(config, path.resolve(file));
      console.log(
        say(
          `Backed up to ${file}: the ${made.database === 'pglite' ? 'embedded' : 'PostgreSQL'} database (schema ${made.migration.tag}), ${made.files} files, ${made.dataEntries.filter((e) => e !== 'files').join(', ') || 'no keys in DATA_DIR (given in the environment, or not made yet)'}.`,
          `已备份到 ${file}：${made.database === 'pglite' ? '内置' : 'PostgreSQL '}数据库（结构 ${made.migration.tag}），${made.files} 个文件，${made.dataEntries.filter((e) => e !== 'files').join('、') || 'DATA_DIR 中无密钥（由环境变量提供或尚未生成）'}。`,
        ),
      );
    } else {
      const done = await restoreBackup(config, path.resolve(file));
      console.log(
        say(
          `Restored ${file} (made ${done.createdAt}): the database at schema ${done.migration.tag}, ${done.files} files, ${done.dataEntries.filter((e) => e !== 'files').join(', ') || 'no keys'}.`,
          `已从 ${file}（创建于 ${done.createdAt}）恢复：数据库结构 ${done.migration.tag}，${done.files} 个文件，${done.dataEntries.filter((e) => e !== 'files').join('、') || '无密钥'}。`,
        ),
      );
      if (done.keptAside)
        console.log(
          say(`The database it replaced is kept in ${done.keptAside}.`, `被替换的数据库保存在 ${done.keptAside}。`),
        );
    }
  } catch (err) {
    if (err instanceof DataDirLockedError) fail(lockedMessage(config.dataDir), 3);
    if (err instanceof BackupError) fail(err.message, 1);
    throw err;
  }
}

await main();
