import { describe, expect, it } from 'vitest';
import { cardColumns, cellOf } from './cardColumns';

interface Row {
  id: number;
  devName: string;
  sn: string;
  authStatus: string;
  onlineStatus: string;
  owner: { name: string };
}

const row: Row = {
  id: 7,
  devName: 'Gate 1',
  sn: 'SN1',
  authStatus: 'authorize',
  onlineStatus: 'online',
  owner: { name: 'East' },
};
const col = (key: string, extra: object = {}) => ({ key, dataIndex: key, title: key, ...extra });

describe('cardColumns', () => {
  const columns = [col('devName'), col('sn'), col('authStatus'), col('onlineStatus'), col('actions')];

  it('takes the first column as the title, the status columns as fields, the actions column apart', () => {
    const { title, fields, actions } = cardColumns<Row>(columns);
    expect(title?.key).toBe('devName');
    expect(fields.map((c) => c.key)).toEqual(['authStatus', 'onlineStatus']);
    expect(actions?.key).toBe('actions');
  });

  it('falls back to the two columns after the title when none is a status', () => {
    expect(cardColumns<Row>([col('devName'), col('sn'), col('ip'), col('mac')]).fields.map((c) => c.key)).toEqual([
      'sn',
      'ip',
    ]);
  });

  it('follows what the page names', () => {
    const { title, fields } = cardColumns<Row>(columns, { title: 'sn', fields: ['onlineStatus', 'nothing'] });
    expect(title?.key).toBe('sn');
    expect(fields.map((c) => c.key)).toEqual(['onlineStatus']);
  });

  it('skips column groups', () => {
    expect(cardColumns<Row>([{ key: 'group', children: [] }, col('devName')]).title?.key).toBe('devName');
  });
});

describe('cellOf', () => {
  it('draws what the column draws, by its data index (a path too)', () => {
    expect(cellOf<Row>(col('sn'), row, 0)).toBe('SN1');
    expect(cellOf<Row>({ dataIndex: ['owner', 'name'] }, row, 0)).toBe('East');
    expect(cellOf<Row>(col('devName', { render: (v: string, r: Row, i: number) => `${v}/${r.id}/${i}` }), row, 2)).toBe(
      'Gate 1/7/2',
    );
  });

  it("takes a cell's content out of antd's { children, props } answer", () => {
    expect(cellOf<Row>(col('sn', { render: () => ({ children: 'inside', props: { colSpan: 2 } }) }), row, 0)).toBe(
      'inside',
    );
  });
});
