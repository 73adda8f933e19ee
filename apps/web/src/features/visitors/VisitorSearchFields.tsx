import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchText } from '@/components/form/SearchText';

/** The visitor lists' search by person: name, phone, ID number (matched exactly, says its tooltip). */
export function VisitorSearchFields() {
  const { t } = useTranslation();
  return (
    <>
      <SearchText name="realName" label={t('visitors.realName')} />
      <SearchText name="phone" label={t('visitors.phone')} />
      <Form.Item name="idNo" label={t('visitors.idNo')} tooltip={t('visitors.idNoSearchHint')}>
        <Input allowClear autoComplete="off" />
      </Form.Item>
    </>
  );
}
