// A bare node:http server answering one fixed JSON body: the ceiling the API is compared to.
import http from 'node:http';

const port = Number(process.argv[2]);
const body = Buffer.from(process.argv[3] ?? '{"code":10000,"msg":"ok","data":null}');
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'));
