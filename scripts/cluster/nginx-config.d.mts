/**
 * deploy/nginx.conf with this run's upstream ports, listen port and a prefix of its own; with
 * `tls`, its HTTP/2 listener on that port and certificate, else without one.
 */
export function nginxConfig(
  template: string,
  options: { listen: number; ports: number[]; prefix: string; tls?: { port: number; certificate: string; key: string } | null },
): string;
