/** What every `GET /api/<module>/listAll` answers. */
export interface PageResult<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}
