import { labourApi } from '@siteops/contracts/labour/api';
import { upload } from '@/api/endpoint';

/** Upload a worker's face photo (POST /api/labour/postPhoto); answers the stored photo, its id for `photo`. */
export const postPhoto = (form: FormData) => upload(labourApi.postPhoto, form);
