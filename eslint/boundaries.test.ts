import path from 'node:path';
import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
// @ts-expect-error: a plain ES module of the lint configuration, without types.
import { boundaries } from './boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const server = (rel: string) => path.resolve(import.meta.dirname, '../apps/server/src', rel);
const web = (rel: string) => path.resolve(import.meta.dirname, '../apps/web/src', rel);

tester.run('server modules reach each other only through ports', boundaries.rules.modules, {
  valid: [
    { filename: server('modules/visitor/add.ts'), code: "import { recordAudit } from '../audit/record.ts';" },
    { filename: server('modules/visitor/add.ts'), code: "import { visitorOf } from './service.ts';" },
    { filename: server('modules/visitor/add.ts'), code: "import { route } from '../../http/endpoint.ts';" },
    { filename: server('app.ts'), code: "import { routes } from './modules/visitor/routes.ts';" },
    { filename: server('main.ts'), code: "import { buildApp } from './app.ts';" },
    { filename: server('modules/visitor/visitor.test.ts'), code: "import { listAll } from '../device/listAll.ts';" },
  ],
  invalid: [
    {
      filename: server('modules/visitor/add.ts'),
      code: "import { listDevices } from '../device/listAll.ts';",
      errors: [{ messageId: 'refused' }],
    },
    {
      filename: server('http/envelope.ts'),
      code: "import { visitorOf } from '../modules/visitor/service.ts';",
      errors: [{ messageId: 'refused' }],
    },
    {
      filename: server('modules/visitor/add.ts'),
      code: "import { buildApp } from '../../app.ts';",
      errors: [{ messageId: 'refused' }],
    },
  ],
});

tester.run('console layers: shared -> features -> app', boundaries.rules.layers, {
  valid: [
    {
      filename: web('features/visitors/VisitorsPage.tsx'),
      code: "import { DataTable } from '../../components/table/DataTable';",
    },
    {
      filename: web('app/router/pages.tsx'),
      code: "import { VisitorsPage } from '../../features/visitors/VisitorsPage';",
    },
    {
      filename: web('features/visitors/VisitorsPage.tsx'),
      code: "import { DataTable } from '@/components/table/DataTable';",
    },
    {
      filename: web('features/visitors/VisitorsPage.tsx'),
      code: "import { visitorColumns } from '@/features/visitors/columns';",
    },
  ],
  invalid: [
    {
      filename: web('features/visitors/VisitorsPage.tsx'),
      code: "import { DeviceTable } from '../devices/table/DeviceTable';",
      errors: [{ messageId: 'refused' }],
    },
    {
      filename: web('features/visitors/VisitorsPage.tsx'),
      code: "import { DeviceTable } from '@/features/devices/table/DeviceTable';",
      errors: [{ messageId: 'refused' }],
    },
    {
      filename: web('lib/time.ts'),
      code: "import { useUserStore } from '@/app/stores/user';",
      errors: [{ messageId: 'refused' }],
    },
    {
      filename: web('components/table/DataTable.tsx'),
      code: "import { x } from '../../features/visitors/x';",
      errors: [{ messageId: 'refused' }],
    },
  ],
});

tester.run('server layers import only downwards', boundaries.rules['server-layers'], {
  valid: [
    { filename: server('db/crud.ts'), code: "import { conflict } from '../core/errors.ts';" },
    { filename: server('http/endpoint.ts'), code: "import { route } from '../ports/context.ts';" },
    { filename: server('modules/visitor/add.ts'), code: "import { route } from '../../http/endpoint.ts';" },
    { filename: server('modules/visitor/add.ts'), code: "import { visitorOf } from './service.ts';" },
    { filename: server('app.ts'), code: "import { registerUserModule } from './modules/user/routes.ts';" },
    { filename: server('main.ts'), code: "import { buildApp } from './app.ts';" },
    // Tests and test kits assemble fixtures from anywhere.
    { filename: server('db/crud.test.ts'), code: "import { buildApp } from '../app.ts';" },
  ],
  invalid: [
    // The tangles this rule was written against (issue 29): each was on main before core/ and ports/.
    {
      filename: server('db/crud.ts'),
      code: "import { mustExist } from '../auth/scope.ts';",
      errors: [{ messageId: 'refused' }],
    },
    {
      filename: server('auth/scope.ts'),
      code: "import { notFoundOf } from '../http/errors.ts';",
      errors: [{ messageId: 'refused' }],
    },
    {
      filename: server('http/endpoint.ts'),
      code: "import { recordAudit } from '../modules/audit/record.ts';",
      errors: [{ messageId: 'refused' }],
    },
    {
      filename: server('core/errors.ts'),
      code: "import { openDatabase } from '../db/client.ts';",
      errors: [{ messageId: 'refused' }],
    },
    // One floor: the database and the file store stay independent of each other.
    {
      filename: server('db/client.ts'),
      code: "import { LocalStorage } from '../storage/local.ts';",
      errors: [{ messageId: 'refused' }],
    },
    {
      filename: server('modules/user/add.ts'),
      code: "import { buildApp } from '../../app.ts';",
      errors: [{ messageId: 'refused' }],
    },
    // A new folder must be given its floor before anything imports it.
    {
      filename: server('metrics/registry.ts'),
      code: "import { t } from '../core/messages/index.ts';",
      errors: [{ messageId: 'refused' }],
    },
  ],
});
