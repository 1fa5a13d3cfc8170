import type { ReactNode } from 'react';
import {
  ApiOutlined,
  AppstoreOutlined,
  AudioOutlined,
  BugOutlined,
  CloudServerOutlined,
  CloudUploadOutlined,
  ControlOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  FunctionOutlined,
  IdcardOutlined,
  LineChartOutlined,
  MobileOutlined,
  NotificationOutlined,
  RobotOutlined,
  SafetyOutlined,
  SaveOutlined,
  SyncOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';

/**
 * The icons service declarations may name (`catalogue.icon`). Listed here rather than loaded by name so the
 * console carries a few icons instead of the whole set; an unknown name shows a generic icon.
 */
const ICONS: Record<string, ReactNode> = {
  ApiOutlined: <ApiOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  AudioOutlined: <AudioOutlined />,
  BugOutlined: <BugOutlined />,
  CloudServerOutlined: <CloudServerOutlined />,
  CloudUploadOutlined: <CloudUploadOutlined />,
  ControlOutlined: <ControlOutlined />,
  DatabaseOutlined: <DatabaseOutlined />,
  DeploymentUnitOutlined: <DeploymentUnitOutlined />,
  FunctionOutlined: <FunctionOutlined />,
  IdcardOutlined: <IdcardOutlined />,
  LineChartOutlined: <LineChartOutlined />,
  MobileOutlined: <MobileOutlined />,
  NotificationOutlined: <NotificationOutlined />,
  RobotOutlined: <RobotOutlined />,
  SafetyOutlined: <SafetyOutlined />,
  SaveOutlined: <SaveOutlined />,
  SyncOutlined: <SyncOutlined />,
  TeamOutlined: <TeamOutlined />,
  ThunderboltOutlined: <ThunderboltOutlined />,
};

export const iconOf = (name: string | undefined): ReactNode => (name && ICONS[name]) || <AppstoreOutlined />;
