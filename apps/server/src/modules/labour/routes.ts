import type { FastifyInstance } from 'fastify';
import { labourApi } from '@siteops/contracts/labour/api';
import type { ModuleContext } from '../../ports/context.ts';
import { routes } from '../../http/endpoint.ts';
import { daySheet } from './daySheet.ts';
import { labourFigures } from './figures.ts';
import { scheduleLabourNotices } from './notices.ts';
import { revealWorker } from './reveal.ts';
import { deleteWorkers } from './delete.ts';
import { workerDetail } from './detail.ts';
import { exportMonthSheet } from './exportMonthSheet.ts';
import { exportWorkers } from './exportWorkers.ts';
import { addCertificate, deleteCertificates, listCertificates, updateCertificate } from './certificates.ts';
import { scheduleCertificateCheck } from './certificateGate.ts';
import { workerGates } from './gate.ts';
import { importWorkers } from './importWorkers.ts';
import { listWorkers } from './listAll.ts';
import { monthSheet } from './monthSheet.ts';
import { workerAttendance } from './workerAttendance.ts';
import { postPhoto } from './postPhoto.ts';
import { getSettings, updateSettings } from './settings.ts';
import { addSubcontractor, deleteSubcontractors, listSubcontractors, updateSubcontractor } from './subcontractors.ts';
import { addTeam, deleteTeams, listTeams, updateTeam } from './teams.ts';
import { downloadWorkerTemplate } from './workerTemplate.ts';
import { addWorker, updateWorker } from './write.ts';
import { regLink, rotateRegLink, selfRegForm, selfRegPhoto, selfRegStatus, selfRegSubmit } from './selfReg.ts';
import { approveApplication, listApplications, rejectApplication } from './selfRegDecide.ts';

/**
 * /api/labour/* (declared in contracts' `labour/api.ts`): the real-name register, certificates and
 * attendance; the periodic check of expired certificates (certificateGate.ts); the Workplace figures
 * (figures.ts) and the labour notifications (notices.ts).
 */
export function registerLabourModule(app: FastifyInstance, ctx: ModuleContext) {
  const gates = workerGates();
  routes(app, ctx, labourApi, {
    listAll: listWorkers,
    detail: workerDetail,
    add: addWorker(gates),
    update: updateWorker(gates),
    delete: deleteWorkers(gates),
    postPhoto,
    workerTemplate: downloadWorkerTemplate,
    importWorkers: importWorkers(gates),
    exportWorkers,
    certificates: listCertificates,
    addCertificate: addCertificate(gates),
    updateCertificate: updateCertificate(gates),
    deleteCertificate: deleteCertificates(gates),
    teams: listTeams,
    addTeam,
    updateTeam,
    deleteTeam: deleteTeams,
    subcontractors: listSubcontractors,
    addSubcontractor,
    updateSubcontractor,
    deleteSubcontractor: deleteSubcontractors,
    settings: getSettings,
    updateSettings: updateSettings(gates),
    daySheet,
    monthSheet,
    workerAttendance,
    exportMonthSheet,
    figures: labourFigures,
    reveal: revealWorker,
    regLink,
    rotateRegLink,
    selfRegForm,
    selfRegPhoto,
    selfRegSubmit,
    selfRegStatus,
    applications: listApplications,
    approveApplication: approveApplication(gates),
    rejectApplication,
  });
  scheduleCertificateCheck(app, ctx.db, gates);
  scheduleLabourNotices(app, ctx);
}
