/** The pages a dashboard row opens (owned by remote-tasks and remote-certificates). */
export const taskPath = (taskId: string) => `/tasks/${encodeURIComponent(taskId)}`;
export const certificatePath = (certificateId: string) =>
  `/certificates/${encodeURIComponent(certificateId)}`;
