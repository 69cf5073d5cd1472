/** deploy/nginx.conf with this run's upstream ports, listen port and a prefix of its own. */
export function nginxConfig(template: string, options: { listen: number; ports: number[]; prefix: string }): string;
