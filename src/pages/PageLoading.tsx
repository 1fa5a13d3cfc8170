import { Flex, Spin } from 'antd';

/** While a page's code or data loads. */
export function PageLoading({ full }: { full?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: full ? '100vh' : 320 }}>
      <Spin size="large" />
    </Flex>
  );
}
