import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { connectionClosed, isRequestTimeout, SDK_ERROR_CODES } from './timed-call.ts';

describe('timed-call error recognition (without loading the SDK)', () => {
  it('uses the SDK error codes', () => {
    assert.equal(SDK_ERROR_CODES.connectionClosed, Number(ErrorCode.ConnectionClosed));
    assert.equal(SDK_ERROR_CODES.requestTimeout, Number(ErrorCode.RequestTimeout));
  });

  it("recognises the SDK's timeout and closed-connection errors, and not a server's -32000", () => {
    assert.equal(isRequestTimeout(new McpError(ErrorCode.RequestTimeout, 'Request timed out')), true);
    assert.equal(connectionClosed(new McpError(ErrorCode.ConnectionClosed, 'Connection closed')), true);
    assert.equal(connectionClosed(new McpError(-32000, 'index not loaded')), false);
    assert.equal(isRequestTimeout(new Error('MCP error -32001: Request timed out')), false);
  });
});
