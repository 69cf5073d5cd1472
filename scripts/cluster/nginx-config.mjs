// Shared by npm run cluster and the cluster test suite.

const upstreamServers =
  /(upstream dashboard \{\n(?:\s*#[^\n]*\n)?\s*zone [^\n]*\n\s*least_conn;\n(?:\s*#[^\n]*\n)*)(?:\s*server [^\n]*\n)+/;

/**
 * deploy/nginx.conf with this run's upstream ports, listen port and a prefix of its own; with
 * `tls` ({port, certificate, key}), its HTTP/2 listener on that port and certificate, else without one.
 */
export function nginxConfig(template, { listen, ports, prefix, tls = null }) {
  const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=0;`).join("\n");
  const withTls = tls
    ? template
        .replace(/listen \d+ ssl http2;/, `listen 127.0.0.1:${tls.port} ssl http2;`)
        .replace(/ssl_certificate [^;]+;/, `ssl_certificate ${tls.certificate};`)
        .replace(/ssl_certificate_key [^;]+;/, `ssl_certificate_key ${tls.key};`)
    : template.replace(/\n\s*listen \d+ ssl http2;/, "").replace(/\n\s*ssl_[a-z_]+ [^;]+;/g, "");
  const config = withTls
    // the upstream's server lines, after its zone, least_conn and the comments between them
    .replace(upstreamServers, (_, head) => `${head}${servers}\n`)
    .replace(/listen \d+;/, `listen 127.0.0.1:${listen};`)
    .replace("events {", `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/error.log warn;\nevents {`)
    .replace(
      "http {",
      `http {\n  access_log off;\n  client_body_temp_path ${prefix}/client_body;\n  proxy_temp_path ${prefix}/proxy;\n` +
        `  fastcgi_temp_path ${prefix}/fastcgi;\n  uwsgi_temp_path ${prefix}/uwsgi;\n  scgi_temp_path ${prefix}/scgi;\n` +
        // a local run's workers may not write to the prefix: keep bodies and answers in memory
        "  client_body_buffer_size 2m;\n  proxy_max_temp_file_size 0;",
    );
  if (!config.includes(`server 127.0.0.1:${ports[0]}`)) throw new Error("deploy/nginx.conf has no upstream block to fill");
  return config;
}
