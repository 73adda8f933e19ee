import path from 'node:path';
import { RuleTester, type Rule } from 'eslint';
import { afterAll, describe, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint configuration, without types.
import { boundaries } from './boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const serverSrc = path.resolve(import.meta.dirname, '../apps/server/src');
const webSrc = path.resolve(import.meta.dirname, '../apps/web/src');

/**
 * Runs `rule` over import cases it must allow and cases it must refuse (each refusal is one `refused`
 * error). A case reads "<file below root>: <its import statement>".
 */
function runImports(
  title: string,
  rule: Rule.RuleModule,
  root: string,
  cases: { allowed: readonly string[]; refused: readonly string[] },
) {
  const parse = (entry: string) => {
    const at = entry.indexOf(': ');
    return { filename: path.resolve(root, entry.slice(0, at)), code: entry.slice(at + 2) };
  };
  tester.run(title, rule, {
    valid: cases.allowed.map(parse),
    invalid: cases.refused.map((entry) => ({ ...parse(entry), errors: [{ messageId: 'refused' }] })),
  });
}

runImports('server modules reach each other only through ports', boundaries.rules.modules, serverSrc, {
  allowed: [
    "modules/visitor/add.ts: import { recordAudit } from '../audit/record.ts';",
    "modules/visitor/add.ts: import { visitorOf } from './service.ts';",
    "modules/visitor/add.ts: import { route } from '../../http/endpoint.ts';",
    "app.ts: import { routes } from './modules/visitor/routes.ts';",
    "main.ts: import { buildApp } from './app.ts';",
    "modules/visitor/visitor.test.ts: import { listAll } from '../device/listAll.ts';",
  ],
  refused: [
    "modules/visitor/add.ts: import { listDevices } from '../device/listAll.ts';",
    "http/envelope.ts: import { visitorOf } from '../modules/visitor/service.ts';",
    "modules/visitor/add.ts: import { buildApp } from '../../app.ts';",
  ],
});

runImports('console layers: shared -> features -> app', boundaries.rules.layers, webSrc, {
  allowed: [
    "features/visitors/VisitorsPage.tsx: import { DataTable } from '../../components/table/DataTable';",
    "app/router/pages.tsx: import { VisitorsPage } from '../../features/visitors/VisitorsPage';",
    "features/visitors/VisitorsPage.tsx: import { DataTable } from '@/components/table/DataTable';",
    "features/visitors/VisitorsPage.tsx: import { visitorColumns } from '@/features/visitors/columns';",
  ],
  refused: [
    "features/visitors/VisitorsPage.tsx: import { DeviceTable } from '../devices/table/DeviceTable';",
    "features/visitors/VisitorsPage.tsx: import { DeviceTable } from '@/features/devices/table/DeviceTable';",
    "lib/time.ts: import { useUserStore } from '@/app/stores/user';",
    "components/table/DataTable.tsx: import { x } from '../../features/visitors/x';",
  ],
});

runImports('server layers import only downwards', boundaries.rules['server-layers'], serverSrc, {
  allowed: [
    "db/crud.ts: import { conflict } from '../core/errors.ts';",
    "http/endpoint.ts: import { route } from '../ports/context.ts';",
    "modules/visitor/add.ts: import { route } from '../../http/endpoint.ts';",
    "modules/visitor/add.ts: import { visitorOf } from './service.ts';",
    "app.ts: import { registerUserModule } from './modules/user/routes.ts';",
    "main.ts: import { buildApp } from './app.ts';",
    // Tests and test kits assemble fixtures from anywhere.
    "db/crud.test.ts: import { buildApp } from '../app.ts';",
  ],
  refused: [
    // The tangles this rule was written against (issue 29): each was on main before core/ and ports/.
    "db/crud.ts: import { mustExist } from '../auth/scope.ts';",
    "auth/scope.ts: import { notFoundOf } from '../http/errors.ts';",
    "http/endpoint.ts: import { recordAudit } from '../modules/audit/record.ts';",
    "core/errors.ts: import { openDatabase } from '../db/client.ts';",
    // One floor: the database and the file store stay independent of each other.
    "db/client.ts: import { LocalStorage } from '../storage/local.ts';",
    "modules/user/add.ts: import { buildApp } from '../../app.ts';",
    // A new folder must be given its floor before anything imports it.
    "metrics/registry.ts: import { t } from '../core/messages/index.ts';",
  ],
});
