/** Display labels of the console's user list and user drawer. */

/** An account's status as the console shows it (unknown statuses are shown as sent). */
export const USER_STATUS_LABELS: Record<string, string> = { active: '正常', disabled: '已停用', cancelled: '已注销' };
