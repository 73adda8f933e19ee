import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import i18n from '@/i18n/i18n';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Keeps a page that fails to render from taking the whole console down: the navbar, menu and other
 * tabs stay usable. (Error boundaries are still class components in React 19.)
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        title={i18n.t('routeError.title')}
        subTitle={this.state.error.message || i18n.t('routeError.description')}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            {i18n.t('routeError.retry')}
          </Button>
        }
      />
    );
  }
}
