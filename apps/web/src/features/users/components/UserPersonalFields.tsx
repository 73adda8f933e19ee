import { Col, DatePicker, Divider, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { INTRODUCTION_MAX, PHONE_PATTERN } from '@siteops/contracts/user/schemas';
import { optionsOf } from '@/features/users/userOptions';
import { col, type UserFormKit } from './useUserFormKit';

/** The user form's personal section: names, birthday, contact, origin, and the avatar and QR code. */
export function UserPersonalFields({ kit }: { kit: UserFormKit }) {
  const { t, label, required, personal, max, pattern, image, requiredText } = kit;
  const options = optionsOf(t);
  return (
    <>
      <Divider titlePlacement="start">{t('users.personal')}</Divider>
      <Row gutter={16}>
        {col(requiredText('realName', 64, false))}
        {col(requiredText('nickName', 64))}
        {col(
          <Form.Item name="sex" label={label('sex')} rules={personal(required('sex', 'requiredPick'))}>
            <Select options={options.sex} />
          </Form.Item>,
        )}
        {col(
          <Form.Item
            name="birthday"
            label={label('birthday')}
            rules={personal(required('birthday', 'requiredPick'))}
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
            rules={[...personal(required('phone')), pattern(PHONE_PATTERN, 'badPhone', (v) => v.trim())]}
          >
            <Input />
          </Form.Item>,
        )}
        {col(
          <Form.Item
            name="email"
            label={label('email')}
            rules={[...personal(required('email')), { type: 'email', message: t('users.badEmail') }]}
          >
            <Input />
          </Form.Item>,
        )}
        {col(requiredText('nation', 64))}
        {col(requiredText('country', 64))}
        {col(requiredText('area', 128))}
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
          <Form.Item name="introduction" label={label('introduction')} rules={[max('introduction', INTRODUCTION_MAX)]}>
            {/* No maxLength: a pasted longer text shows the rule instead of being cut silently. */}
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} showCount />
          </Form.Item>
        </Col>
        {col(image('avatar', false))}
        {col(image('qrCode', true))}
      </Row>
    </>
  );
}
