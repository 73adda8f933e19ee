import { useEffect, useState } from 'react';
import { Alert, Button, Col, DatePicker, Divider, Drawer, Form, Input, Row, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import dayjs, { type Dayjs } from 'dayjs';
import { ROLES, type Role } from '@siteops/contracts/roles';
import {
  CARD_NO_PATTERN,
  ID_NO_PATTERN,
  INTRODUCTION_MAX,
  PHONE_PATTERN,
  USERNAME_PATTERN,
  passwordProblem,
  type AddUserInput,
  type UserDetail,
} from '@siteops/contracts/user';
import { IMAGE_FIELDS, type ImageField } from '@siteops/contracts/file';
import { agentApi } from '@siteops/contracts/api/agent';
import { userApi } from '@siteops/contracts/api/user';
import { useEndpointQuery } from '@/api/endpoint';
import { afterReport } from '@/api/reported';
import { useUserWrite } from '@/features/users/userCache';
import { fieldErrorsOf } from '@/components/form/formKit';
import { message } from '@/lib/feedback';
import { announceSaved } from '@/components/OneTimePassword';
import { optionsOf } from '@/features/users/userOptions';
import { ImageUpload } from './ImageUpload';

interface FormValues {
  userName: string;
  password?: string;
  realName: string;
  nickName: string;
  avatar?: string | null;
  qrCode: string;
  birthday: string;
  sex: string;
  phone: string;
  email: string;
  nation: string;
  country: string;
  area: string;
  address?: string;
  idNo: string;
  idFrontPic: string;
  idBackPic: string;
  cardNo: string;
  cardPic: string;
  bankName: string;
  politics?: string | null;
  cultureLevel?: string | null;
  certification?: string;
  introduction?: string;
  enabled?: string;
  role: Role;
  agentId?: number | null;
}

export const USER_FORM_FIELDS = [
  'userName',
  'password',
  'realName',
  'nickName',
  'avatar',
  'qrCode',
  'birthday',
  'sex',
  'phone',
  'email',
  'nation',
  'country',
  'area',
  'address',
  'idNo',
  'idFrontPic',
  'idBackPic',
  'cardNo',
  'cardPic',
  'bankName',
  'politics',
  'cultureLevel',
  'certification',
  'introduction',
  'enabled',
  'role',
  'agentId',
] as const;

function valuesOf(user: UserDetail): Partial<FormValues> {
  return {
    userName: user.userName,
    realName: user.realName ?? undefined,
    nickName: user.nickName ?? undefined,
    avatar: user.avatar,
    qrCode: user.qrCode ?? undefined,
    birthday: user.birthday ?? undefined,
    sex: user.sex ?? undefined,
    phone: user.phone ?? undefined,
    email: user.email ?? undefined,
    nation: user.nation ?? undefined,
    country: user.country ?? undefined,
    area: user.area ?? undefined,
    address: user.address ?? undefined,
    idNo: user.idNo ?? undefined,
    idFrontPic: user.idFrontPic ?? undefined,
    idBackPic: user.idBackPic ?? undefined,
    cardNo: user.cardNo ?? undefined,
    cardPic: user.cardPic ?? undefined,
    bankName: user.bankName ?? undefined,
    politics: user.politics,
    cultureLevel: user.cultureLevel,
    certification: user.certification,
    introduction: user.introduction ?? undefined,
    enabled: user.enabled,
    role: user.role as Role,
    agentId: user.agentId,
  };
}

const CLEARABLE = ['avatar', 'address', 'politics', 'cultureLevel', 'introduction'] as const;

/** Form values -> the API body (dates as YYYY-MM-DD, empty optional text as ''). */
function bodyOf(values: FormValues, isAdmin: boolean): AddUserInput {
  const { password, ...rest } = values;
  return {
    ...(rest as unknown as AddUserInput),
    // A cleared optional field is sent as null, so an edit can empty it.
    ...Object.fromEntries(CLEARABLE.map((k) => [k, rest[k] ?? null])),
    // Only an admin moves users between agents (or out of one); others never send the field.
    ...(isAdmin ? { agentId: rest.agentId ?? null } : { agentId: undefined }),
    ...(password ? { password } : {}),
  };
}

export interface UserFormDrawerProps {
  open: boolean;
  /** The user being edited (as the detail call answered it), or undefined to create one. */
  user?: UserDetail;
  /** The caller's role: an agent cannot make admins and has no agent field. */
  callerRole: Role | undefined;
  onClose: () => void;
}

/**
 * Create and edit a user with spec 5's personal-info rules, checked here first and by the server
 * again (its `data.fields` land on the fields). Editing sends only what changed, so the masked ID
 * and card numbers an agent sees are never sent back.
 */
export function UserFormDrawer({ open, user, callerRole, onClose }: UserFormDrawerProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const add = useUserWrite(userApi.add);
  const update = useUserWrite(userApi.update);
  const [saving, setSaving] = useState(false);
  const options = optionsOf(t);
  const editing = user !== undefined;
  const role = Form.useWatch('role', form);
  // Only an admin picks the agent (an agent's users always belong to its own agent).
  const agents = useEndpointQuery(
    agentApi.listAll,
    { page: 1, pageSize: 200, sortField: 'name', sortOrder: 'asc' },
    {
      enabled: open && callerRole === 'admin',
    },
  );
  const agentOptions = (agents.data?.list ?? []).map((a) => ({ value: a.id, label: a.name }));
  if (user?.agentId && !agentOptions.some((o) => o.value === user.agentId)) {
    agentOptions.push({ value: user.agentId, label: user.agentName ?? `#${user.agentId}` });
  }

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(user ? valuesOf(user) : { role: 'user', enabled: 'enable', certification: 'new' });
  }, [open, user, form]);

  const label = (field: string) => t(`users.${field}`);
  const required = (field: string, kind: 'required' | 'requiredPick' | 'requiredUpload' = 'required'): Rule => ({
    required: true,
    whitespace: kind === 'required',
    message: t(`users.${kind}`, { field: label(field) }),
  });
  const max = (field: string, n: number): Rule => ({
    max: n,
    message: t('users.tooLong', { field: label(field), max: n }),
  });
  // The masked ID/card numbers an agent's form holds pass as they are: unchanged, they are not sent.
  const masked = new Set([user?.revealed === false ? user.idNo : null, user?.revealed === false ? user.cardNo : null]);
  const pattern = (re: RegExp, key: string, normalise: (v: string) => string = (v) => v): Rule => ({
    validator: (_, v?: string) =>
      !v || masked.has(v) || re.test(normalise(v)) ? Promise.resolve() : Promise.reject(new Error(t(`users.${key}`))),
  });
  const image = (field: ImageField, isRequired: boolean) => (
    <Form.Item
      name={field}
      label={label(field)}
      rules={isRequired ? [required(field, 'requiredUpload')] : []}
      htmlFor={`user-form-${field}`}
    >
      <ImageUpload
        id={`user-form-${field}`}
        kind={IMAGE_FIELDS[field]}
        label={label(field)}
        initialUrl={user ? user[`${field}Url` as const] : null}
      />
    </Form.Item>
  );

  const submit = async () => {
    const values = await form.validateFields();
    const body = bodyOf(values, callerRole === 'admin');
    setSaving(true);
    try {
      if (user) {
        const before = bodyOf(valuesOf(user) as FormValues, callerRole === 'admin');
        const changed = Object.fromEntries(
          Object.entries(body).filter(([k, v]) => ((before as Record<string, unknown>)[k] ?? null) !== (v ?? null)),
        );
        await update.mutateAsync({ id: user.id, ...changed });
        message().success(t('common.saveSuccess'));
      } else {
        // Without a password the answer carries a one-time one: its dialog is the only message.
        announceSaved(t, await add.mutateAsync(body), body.userName);
      }
      onClose();
    } catch (error) {
      form.setFields(fieldErrorsOf(error, USER_FORM_FIELDS) as never);
    } finally {
      setSaving(false);
    }
  };

  const col = (node: React.ReactNode) => (
    <Col xs={24} md={12}>
      {node}
    </Col>
  );

  return (
    <Drawer
      open={open}
      title={editing ? t('users.editTitle') : t('users.createTitle')}
      size={760}
      onClose={onClose}
      // A long form: Escape (which also closes pickers) or a stray click outside must not throw it away.
      keyboard={false}
      maskClosable={false}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={() => void afterReport(submit())}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" onFinish={() => void submit()} name="user-form">
        <Divider titlePlacement="start">{t('users.account')}</Divider>
        <Row gutter={16}>
          {col(
            <Form.Item
              name="userName"
              label={label('userName')}
              rules={[required('userName'), pattern(USERNAME_PATTERN, 'badUserName', (v) => v.trim())]}
            >
              <Input autoComplete="off" />
            </Form.Item>,
          )}
          {!editing &&
            col(
              <Form.Item
                name="password"
                label={label('password')}
                extra={t('users.passwordHint')}
                rules={[
                  {
                    validator: (_, v?: string) => {
                      const problem = v ? passwordProblem(v) : null;
                      return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
                    },
                  },
                ]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>,
            )}
          {col(
            <Form.Item name="role" label={label('role')} rules={[required('role', 'requiredPick')]}>
              <Select
                options={ROLES.filter((r) => callerRole === 'admin' || r !== 'admin').map((r) => ({
                  value: r,
                  label: t(`role.${r}`),
                }))}
              />
            </Form.Item>,
          )}
          {callerRole === 'admin' &&
            col(
              <Form.Item
                name="agentId"
                label={label('agentName')}
                rules={role === 'agent' ? [{ required: true, message: t('users.agentRequired') }] : []}
              >
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={agents.isFetching}
                  options={agentOptions}
                />
              </Form.Item>,
            )}
          {col(
            <Form.Item name="enabled" label={label('enabled')}>
              <Select options={options.enabled} />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="certification" label={label('certification')}>
              <Select options={options.certification} />
            </Form.Item>,
          )}
        </Row>

        <Divider titlePlacement="start">{t('users.personal')}</Divider>
        <Row gutter={16}>
          {col(
            <Form.Item name="realName" label={label('realName')} rules={[required('realName'), max('realName', 64)]}>
              <Input />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="nickName" label={label('nickName')} rules={[required('nickName'), max('nickName', 64)]}>
              <Input />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="sex" label={label('sex')} rules={[required('sex', 'requiredPick')]}>
              <Select options={options.sex} />
            </Form.Item>,
          )}
          {col(
            <Form.Item
              name="birthday"
              label={label('birthday')}
              rules={[required('birthday', 'requiredPick')]}
              // The form holds the API's YYYY-MM-DD text; the picker gets and gives dayjs.
              getValueProps={(v?: string) => ({ value: v ? dayjs(v) : undefined })}
              normalize={(d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
            >
              <DatePicker
                style={{ width: '100%' }}
                disabledDate={(d) => d.isAfter(dayjs(), 'day') || d.isBefore(dayjs('1900-01-01'))}
              />
            </Form.Item>,
          )}
          {col(
            <Form.Item
              name="phone"
              label={label('phone')}
              rules={[required('phone'), pattern(PHONE_PATTERN, 'badPhone', (v) => v.trim())]}
            >
              <Input />
            </Form.Item>,
          )}
          {col(
            <Form.Item
              name="email"
              label={label('email')}
              rules={[required('email'), { type: 'email', message: t('users.badEmail') }]}
            >
              <Input />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="nation" label={label('nation')} rules={[required('nation'), max('nation', 64)]}>
              <Input />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="country" label={label('country')} rules={[required('country'), max('country', 64)]}>
              <Input />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="area" label={label('area')} rules={[required('area'), max('area', 128)]}>
              <Input />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="address" label={label('address')} rules={[max('address', 256)]}>
              <Input />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="politics" label={label('politics')}>
              <Select allowClear options={options.politics} />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="cultureLevel" label={label('cultureLevel')}>
              <Select allowClear options={options.cultureLevel} />
            </Form.Item>,
          )}
          <Col span={24}>
            <Form.Item
              name="introduction"
              label={label('introduction')}
              rules={[max('introduction', INTRODUCTION_MAX)]}
            >
              {/* No maxLength: a pasted longer text shows the rule instead of being cut silently. */}
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} showCount />
            </Form.Item>
          </Col>
          {col(image('avatar', false))}
          {col(image('qrCode', true))}
        </Row>

        <Divider titlePlacement="start">{t('users.identity')}</Divider>
        {editing && (
          <Alert
            style={{ marginBottom: 16 }}
            type="info"
            showIcon
            title={user.revealed ? t('users.revealedNote') : t('users.maskedNote')}
          />
        )}
        <Row gutter={16}>
          {col(
            <Form.Item
              name="idNo"
              label={label('idNo')}
              rules={[required('idNo'), pattern(ID_NO_PATTERN, 'badIdNo', (v) => v.replace(/\s+/g, '').toUpperCase())]}
            >
              <Input autoComplete="off" />
            </Form.Item>,
          )}
          {col(
            <Form.Item
              name="cardNo"
              label={label('cardNo')}
              rules={[required('cardNo'), pattern(CARD_NO_PATTERN, 'badCardNo', (v) => v.replace(/[\s-]+/g, ''))]}
            >
              <Input autoComplete="off" />
            </Form.Item>,
          )}
          {col(
            <Form.Item name="bankName" label={label('bankName')} rules={[required('bankName'), max('bankName', 128)]}>
              <Input />
            </Form.Item>,
          )}
          {col(image('cardPic', true))}
          {col(image('idFrontPic', true))}
          {col(image('idBackPic', true))}
        </Row>
      </Form>
    </Drawer>
  );
}
