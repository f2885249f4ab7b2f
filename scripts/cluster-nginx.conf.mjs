// The nginx config of `npm run cluster`: a standalone file run as
// `nginx -c <dir>/nginx.conf -p <dir>/` by the current user. Everything it writes (pid, logs,
// temp files) stays under <dir>; no system file is read or touched.

/** Content types of what the storefront build emits (no system mime.types is included). */
const TYPES = `
    types {
      text/html html;
      text/css css;
      application/javascript js mjs;
      application/json json map;
      image/svg+xml svg;
      image/png png;
      image/jpeg jpg jpeg;
      image/webp webp;
      image/x-icon ico;
      font/woff2 woff2;
      font/woff woff;
    }`;

// The §8 envelope for what nginx itself answers when no instance can (all down or refusing):
// the storefront shows 系统繁忙 as for any 5xx, instead of parsing an HTML error page.
const BUSY = JSON.stringify({ code: 500, msg: '系统繁忙，请稍候再试', data: null });

/**
 * @param {{ dir: string, webDist: string, port: number, ports: number[], user?: string }} o
 *   dir: absolute .tmp/cluster; webDist: absolute apps/web/dist; port: where nginx listens;
 *   ports: the instances'; user: the workers' user and group when nginx starts as root.
 */
export function nginxConfig({ dir, webDist, port, ports, user }) {
  const servers = ports.map((p) => `      server 127.0.0.1:${p} max_fails=2 fail_timeout=5s;`);
  const proxied = `
      proxy_pass http://kc;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;`;
  return `# Written by scripts/cluster.mjs (npm run cluster); rewritten at every start.
${user ? `user ${user};\n` : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;

events {
  worker_connections 1024;
}

http {
${TYPES}
  default_type application/octet-stream;
  log_format kc '$remote_addr [$time_local] "$request" $status $body_bytes_sent '
                '$request_time upstream=$upstream_addr/$upstream_status id=$request_id';
  access_log ${dir}/nginx-access.log kc;
  client_body_temp_path ${dir}/nginx-temp/body;
  proxy_temp_path ${dir}/nginx-temp/proxy;
  fastcgi_temp_path ${dir}/nginx-temp/fastcgi;
  uwsgi_temp_path ${dir}/nginx-temp/uwsgi;
  scgi_temp_path ${dir}/nginx-temp/scgi;
  sendfile on;
  server_tokens off;

  # Round robin; an instance that fails twice within 5 s is left out for 5 s (passive
  # checks: open-source nginx has no active health checks).
  upstream kc {
${servers.join('\n')}
    keepalive 32;
  }

  map $http_upgrade $connection_upgrade {
    default upgrade;
    '' close;
  }

  server {
    listen 127.0.0.1:${port};
    server_name localhost;
    # Uploads are 5 MB at most (the app refuses larger ones with its own message).
    client_max_body_size 6m;
    # A refused or failed connection, or a 502/503/504, moves a request to the next instance.
    # Non-idempotent requests (POST, PATCH) are NOT retried once sent (nginx's default, kept: no
    # "non_idempotent"): a retried order POST could be placed twice. The idempotency key
    # would catch that, but nothing should rely on it. A POST whose connection was refused
    # never reached an instance and does move on.
    proxy_next_upstream error timeout http_502 http_503 http_504;
    proxy_next_upstream_tries ${ports.length};
    proxy_connect_timeout 2s;
    # Which instance answered: a development aid (a production balancer would not say).
    add_header X-Upstream $upstream_addr always;

    # The API compresses (or not) itself. When no instance answers, nginx's own 502/504 is
    # replaced by the §8 envelope below.
    location /api/ {
      gzip off;
      error_page 502 504 = @busy;${proxied}
    }

    # Customer-service chat: the member's and the 客服's sockets upgrade to a WebSocket; long
    # reads are normal there (the app pings every 25 s). The rest of /api/chat is plain HTTP.
${['= /api/chat/ws', '= /api/admin/chat/ws']
  .map(
    (loc) => `    location ${loc} {
      gzip off;${proxied
        .replace(
          'proxy_set_header Connection "";',
          'proxy_set_header Connection $connection_upgrade;\n      proxy_set_header Upgrade $http_upgrade;',
        )
        // With its port: the app compares the socket's Origin with the Host it was sent to.
        .replace('proxy_set_header Host $host;', 'proxy_set_header Host $http_host;')}
      proxy_read_timeout 1h;
    }`,
  )
  .join('\n')}

    # The build's content-hashed files: served by nginx from the build, cached for a year.
    location /assets/ {
      root ${webDist};
      try_files $uri =404;
      gzip on;
      gzip_types text/css application/javascript application/json image/svg+xml;
      gzip_vary on;
      add_header Cache-Control "public, max-age=31536000, immutable" always;
      add_header X-Content-Type-Options nosniff always;
    }

    # index.html (deep links), /media/ and everything else: the app decides.
    location / {${proxied}
    }

    location @busy {
      default_type application/json;
      charset utf-8;
      charset_types application/json;
      add_header Cache-Control no-store always;
      return 503 '${BUSY}';
    }
  }
}
`;
}
